/**
 * The console's own sign-in: e-mail and password of a staff user; the session is the bp_staff cookie. When a
 * second factor is due the password step answers so (no session yet): the screen then asks for the
 * authentication code, or sets two-step verification up when an admin requires it and the user has none.
 * When the operator set up a staff identity provider (GET /api/staff/oidc), 'Sign in with <its name>' goes there
 * instead; a refused sign-in through it comes back here with `sso_error`, which the screen words.
 */
import { Alert, Button, Container, Divider, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import useSWR, { useSWRConfig } from 'swr';
import type { StaffSignInRefusal } from '#contracts/sign-in-refusal.ts';
import { staffCall } from '../api/staff-api.ts';
import type { StaffIdentityProviderName, StaffSignIn } from '../api/types.ts';
import { TwoStepSetup } from '../security/two-step-setup.tsx';

const SIGN_IN_SETUP_PATHS = { start: '/api/staff/login/totp/start', confirm: '/api/staff/login/totp/confirm', duringSignIn: true };

type Step = 'password' | 'code' | 'enroll';

/** Why a sign-in through the staff identity provider was refused (the callback's sso_error), in words. */
const PROVIDER_REFUSALS: Record<StaffSignInRefusal, string> = {
  failed: 'Signing in through your identity provider did not work. Please try again.',
  'email-unverified': 'Your identity provider has not confirmed your e-mail address, so it cannot be used here. Please ask your IT help desk.',
  'not-staff': 'Your account has no place in the staff console. Please ask an admin to add you, or to give you a group with a console role.',
  disabled: 'Your staff user is disabled. Please ask an admin.',
};

export function SignInScreen() {
  const [step, setStep] = useState<Step>('password');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [searchParams] = useSearchParams();
  const refusal = searchParams.get('sso_error');
  // Any other ?sso_error= (a hand-edited address) reads as the general failure.
  const [failure, setFailure] = useState<string | null>(
    refusal ? (Object.hasOwn(PROVIDER_REFUSALS, refusal) ? PROVIDER_REFUSALS[refusal as StaffSignInRefusal] : PROVIDER_REFUSALS.failed) : null,
  );
  const { data: provider } = useSWR<StaffIdentityProviderName | null>('/api/staff/oidc');
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();

  const enter = async () => {
    await mutate('/api/staff/me', undefined, { revalidate: false });
    navigate('/', { replace: true });
  };
  const send = async (path: string, body: object) => {
    setBusy(true);
    setFailure(null);
    const answer = await staffCall<StaffSignIn>('POST', path, body, { signIn: true });
    setBusy(false);
    if (!answer.success) {
      setFailure(answer.message);
      // The pending step is over (expired or too many wrong codes): start again with the password.
      if (answer.code === 'TOKEN_INVALID') setStep('password');
      return;
    }
    if (answer.data.secondFactor === 'required') setStep('code');
    else if (answer.data.secondFactor === 'enroll') setStep('enroll');
    else await enter();
  };
  const submitPassword = (event: FormEvent) => {
    event.preventDefault();
    void send('/api/staff/login', { email, password });
  };
  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    void send('/api/staff/login/second-factor', { code: code.trim() });
  };

  const alert = failure && (
    <Alert color="red" role="alert">
      {failure}
    </Alert>
  );
  return (
    <Container size="xs" py="xl" component="main">
      {step === 'password' && (
        <form onSubmit={submitPassword}>
          <Stack>
            <Title order={1}>Staff Sign In</Title>
            {alert}
            <TextInput label="Email" type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
            <PasswordInput label="Password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
            <Button type="submit" loading={busy}>
              Sign In
            </Button>
            {provider && (
              <>
                <Divider label="or" labelPosition="center" />
                <Button component="a" href="/api/staff/oidc/start" variant="default">
                  Sign in with {provider.displayName}
                </Button>
              </>
            )}
          </Stack>
        </form>
      )}
      {step === 'code' && (
        <form onSubmit={submitCode}>
          <Stack>
            <Title order={1}>Two-Step Verification</Title>
            {alert}
            <Text>Enter the 6-digit code your authenticator app shows, or one of your recovery codes.</Text>
            <TextInput
              label="Authentication code"
              autoComplete="one-time-code"
              required
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
            />
            <Button type="submit" loading={busy}>
              Verify
            </Button>
          </Stack>
        </form>
      )}
      {step === 'enroll' && (
        <Stack>
          <Title order={1}>Set Up Two-Step Verification</Title>
          <Text>An admin requires two-step verification for every staff user. Set it up to finish signing in.</Text>
          <TwoStepSetup paths={SIGN_IN_SETUP_PATHS} onDone={() => void enter()} doneLabel="Continue" />
        </Stack>
      )}
    </Container>
  );
}
