/**
 * 'Sign in with <provider>' on the sign-in and registration pages of an employer that configured its identity
 * provider (docs/staff.md, "An employer's identity provider"). The button is a plain link: the browser goes to
 * /api/oidc/start, which sends it on to the provider. A refused sign-in comes back with ?sso_error=<reason>, said
 * here in the catalogue's words.
 */
import { Alert, Button } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { SignInRefusal } from '#contracts/sign-in-refusal.ts';
import { formatMessage } from '#engine/runtime/index.ts';
import { api } from '#portal/api/api-client.ts';
import { catalogueTexts, messages } from '#portal/messages.ts';

const REFUSALS = catalogueTexts<SignInRefusal>({
  failed: 'sso-failed',
  'email-unverified': 'sso-email-unverified',
  'domain-not-allowed': 'sso-domain-not-allowed',
  'not-an-employee': 'sso-not-an-employee',
  'register-first': 'sso-register-first',
});

const refusalText = (reason: string | null) => (reason && reason in REFUSALS ? REFUSALS[reason as keyof typeof REFUSALS] : null);

/** Why the last sign-in through the provider was refused, when the page was sent here with one. */
export function ProviderRefusal({ reason }: { reason: string | null }) {
  const text = refusalText(reason);
  return text ? <Alert color="red" role="alert">{text}</Alert> : null;
}

export function ProviderSignIn({ accountId }: { accountId: string | null }) {
  const [provider, setProvider] = useState<string | null>(null);
  useEffect(() => {
    if (!accountId) return;
    let current = true;
    void api.get<{ displayName: string } | null>(`/api/oidc/employers/${encodeURIComponent(accountId)}`, { public: true }).then((answer) => {
      if (current && answer.success) setProvider(answer.data?.displayName ?? null);
    });
    return () => {
      current = false;
    };
  }, [accountId]);
  if (!accountId || !provider) return null;
  return (
    <Button component="a" href={`/api/oidc/start?employer_id=${encodeURIComponent(accountId)}`} variant="default" fullWidth>
      {formatMessage(messages['sign-in-with-provider'], { provider })}
    </Button>
  );
}
