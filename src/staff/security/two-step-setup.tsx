/**
 * Setting up two-step verification, on the Security page and during a sign-in an admin requires it for: the QR
 * code (a server-made SVG shown as an image) and the key to type in instead, the first code to confirm, then the
 * recovery codes, shown this once. `paths` names the start and confirm calls of the place it is used in.
 */
import { Alert, Button, Code, Group, Image, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { staffCall } from '../api/staff-api.ts';
import type { TotpEnrollment } from '../api/types.ts';

/** The start and confirm calls; `duringSignIn`: a 401 is the pending sign-in's end, shown, not a redirect. */
export type SetupPaths = { start: string; confirm: string; duringSignIn: boolean };

export function TwoStepSetup({ paths, onDone, doneLabel }: { paths: SetupPaths; onDone: () => void; doneLabel: string }) {
  const [enrollment, setEnrollment] = useState<TotpEnrollment | null>(null);
  const [code, setCode] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const start = async () => {
    setBusy(true);
    setFailure(null);
    const answer = await staffCall<TotpEnrollment>('POST', paths.start, {}, { signIn: paths.duringSignIn });
    setBusy(false);
    if (answer.success) setEnrollment(answer.data);
    else setFailure(answer.message);
  };
  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    const answer = await staffCall<{ recoveryCodes: string[] }>('POST', paths.confirm, { code: code.trim() }, { signIn: paths.duringSignIn });
    setBusy(false);
    if (answer.success) setRecoveryCodes(answer.data.recoveryCodes);
    else setFailure(answer.message);
  };

  const alert = failure && (
    <Alert color="red" role="alert">
      {failure}
    </Alert>
  );
  if (recoveryCodes) {
    return (
      <Stack>
        <Alert color="green" role="status" title="Two-step verification is on">
          Keep these recovery codes somewhere safe, apart from your phone. Each one signs you in once if you lose your
          authenticator app. They are shown only now.
        </Alert>
        <Title order={3}>Recovery Codes</Title>
        <List aria-label="Recovery codes" listStyleType="none" ff="monospace">
          {recoveryCodes.map((recovery) => (
            <List.Item key={recovery}>{recovery}</List.Item>
          ))}
        </List>
        <Group>
          <Button onClick={onDone}>{doneLabel}</Button>
        </Group>
      </Stack>
    );
  }
  if (!enrollment) {
    return (
      <Stack align="start">
        {alert}
        <Text>Use an authenticator app on your phone to get a new code each time you sign in.</Text>
        <Button onClick={() => void start()} loading={busy}>
          Set Up
        </Button>
      </Stack>
    );
  }
  return (
    <form onSubmit={(event) => void confirm(event)}>
      <Stack align="start">
        {alert}
        <Text>Scan this QR code with your authenticator app.</Text>
        <Image src={enrollment.qrSvg} alt="QR code for your authenticator app" w={200} h={200} />
        <Text>
          Or enter this key in the app: <Code aria-label="Key for your authenticator app">{enrollment.secret}</Code>
        </Text>
        <TextInput
          label="Code from your authenticator app"
          autoComplete="one-time-code"
          inputMode="numeric"
          required
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
        />
        <Button type="submit" loading={busy}>
          Turn On
        </Button>
      </Stack>
    </form>
  );
}
