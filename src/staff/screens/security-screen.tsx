/** The signed-in staff user's own security: two-step verification (set it up, see it is on, turn it off). */
import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { staffData } from '../api/staff-api.ts';
import type { TotpStatus } from '../api/types.ts';
import { FailureAlert } from '../layout/failure-alert.tsx';
import { TwoStepSetup } from '../security/two-step-setup.tsx';

const ME_PATHS = { start: '/api/staff/me/totp/start', confirm: '/api/staff/me/totp/confirm', duringSignIn: false };

export function SecurityScreen() {
  const { data: status, error, mutate } = useSWR<TotpStatus>('/api/staff/me/totp');
  const [code, setCode] = useState('');
  const [changeError, setChangeError] = useState<unknown>(null);

  const turnOff = async (event: FormEvent) => {
    event.preventDefault();
    setChangeError(null);
    try {
      await staffData('POST', '/api/staff/me/totp/disable', { code: code.trim() });
      setCode('');
      await mutate();
    } catch (failure) {
      setChangeError(failure);
    }
  };

  return (
    <Stack>
      <Title order={1}>Security</Title>
      <section aria-labelledby="two-step-title">
        <Stack>
          <Title order={2} id="two-step-title">
            Two-step verification
          </Title>
          <FailureAlert error={error ?? changeError} />
          {status && !status.enabled && <TwoStepSetup paths={ME_PATHS} onDone={() => void mutate()} doneLabel="Done" />}
          {status?.enabled && (
            <>
              <Text>
                Two-step verification is on. Recovery codes left: {status.recoveryCodesLeft}.
                {status.required && ' An admin requires it for every staff user.'}
              </Text>
              {!status.required && (
                <form onSubmit={(event) => void turnOff(event)}>
                  <Group align="end">
                    <TextInput
                      label="Current code to turn it off"
                      autoComplete="one-time-code"
                      required
                      value={code}
                      onChange={(e) => setCode(e.currentTarget.value)}
                    />
                    <Button type="submit" color="red" variant="outline">
                      Turn Off
                    </Button>
                  </Group>
                </form>
              )}
            </>
          )}
        </Stack>
      </section>
    </Stack>
  );
}
