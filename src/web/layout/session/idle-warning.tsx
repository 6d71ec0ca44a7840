/**
 * The idle warning (ASVS V3.3.2): the server ends a session after SESSION_IDLE_SECONDS without a call. A minute
 * before that this modal asks whether to stay signed in; staying refreshes the session (a call), otherwise the
 * person is signed out when the time is up.
 */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { IDLE_WARNING_SECONDS, SESSION_IDLE_SECONDS } from '#contracts/session.ts';
import { lastActivity, onActivity, refreshSession } from '#portal/api/api-client.ts';
import { leaveSignInNotice } from '#portal/api/session.ts';
import { messages } from '#portal/messages.ts';
import { signOut } from './use-sign-out.ts';

export function IdleWarning() {
  const navigate = useNavigate();
  const [warning, setWarning] = useState(false);
  const [tick, setTick] = useState(0);

  useEffect(() => onActivity(() => setTick((n) => n + 1)), []);

  // Signs out; when the idle time ran out (not the person's own Sign Out), the sign-in page says why.
  const end = useCallback(
    async (timedOut: boolean) => {
      setWarning(false);
      const signIn = await signOut();
      if (timedOut) leaveSignInNotice('session-ended');
      navigate(signIn);
    },
    [navigate],
  );

  useEffect(() => {
    const idleEnd = lastActivity() + SESSION_IDLE_SECONDS * 1000;
    const warnAt = idleEnd - IDLE_WARNING_SECONDS * 1000;
    setWarning(Date.now() >= warnAt);
    const warnTimer = window.setTimeout(() => setWarning(true), Math.max(0, warnAt - Date.now()));
    const endTimer = window.setTimeout(() => void end(true), Math.max(0, idleEnd - Date.now()));
    return () => {
      window.clearTimeout(warnTimer);
      window.clearTimeout(endTimer);
    };
  }, [tick, end]);

  const stay = async () => {
    const outcome = await refreshSession();
    if (outcome === 'renewed') setWarning(false);
    // Without an answer the warning stays, so the person can try again before the time is up.
    else if (outcome === 'ended') await end(true);
  };

  return (
    <Modal opened={warning} onClose={() => void stay()} title={messages['idle-title']} centered>
      <Stack gap="md">
        <Text>{messages['idle-warning']}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void end(false)}>
            {messages['idle-sign-out']}
          </Button>
          <Button onClick={() => void stay()}>{messages['idle-stay']}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
