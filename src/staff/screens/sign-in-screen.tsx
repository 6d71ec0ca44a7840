/** The console's own sign-in: e-mail and password of a staff user; the session is the bp_staff cookie. */
import { Alert, Button, Container, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { staffCall } from '../api/staff-api.ts';

export function SignInScreen() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const answer = await staffCall('POST', '/api/staff/login', { email, password }, { signIn: true });
    setBusy(false);
    if (!answer.success) {
      setFailure(answer.message);
      return;
    }
    await mutate('/api/staff/me', undefined, { revalidate: false });
    navigate('/', { replace: true });
  };

  return (
    <Container size="xs" py="xl" component="main">
      <form onSubmit={(event) => void submit(event)}>
        <Stack>
          <Title order={1}>Staff Sign In</Title>
          {failure && <Alert color="red" role="alert">{failure}</Alert>}
          <TextInput label="Email" type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
          <PasswordInput label="Password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
          <Button type="submit" loading={busy}>
            Sign In
          </Button>
        </Stack>
      </form>
    </Container>
  );
}
