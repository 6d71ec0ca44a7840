/**
 * The employer's identity provider (docs/staff.md, "An employer's identity provider"): the issuer, the client the
 * provider registered for the portal, the claim with the e-mail, the allowed domains and who may register through
 * it. The client secret is write-only: the field stays empty and the panel says only whether one is stored.
 * 'Test Connection' checks the stored provider's discovery document and keys.
 */
import { Alert, Button, Code, Group, NativeSelect, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import type { StaffIdentityProvider, StaffIdentityProviderInput, StaffIdentityProviderTest } from '#contracts/staff/staff-identity-provider.ts';
import { madeOn, staffData, staffTagged, staffTaggedFetcher, taggedKey, type Tagged } from '../api/staff-api.ts';
import { FailureAlert, fieldErrorOf } from '../layout/failure-alert.tsx';

type Draft = Omit<StaffIdentityProviderInput, 'allowedDomains' | 'clientSecret'> & { allowedDomains: string; clientSecret: string };

const blank: Draft = { displayName: '', issuer: '', clientId: '', clientSecret: '', emailClaim: 'email', allowedDomains: '', registration: 'census' };

const draftOf = (provider: StaffIdentityProvider): Draft => ({
  displayName: provider.displayName,
  issuer: provider.issuer,
  clientId: provider.clientId,
  clientSecret: '',
  emailClaim: provider.emailClaim,
  allowedDomains: provider.allowedDomains.join(', '),
  registration: provider.registration,
});

function inputOf(draft: Draft): StaffIdentityProviderInput {
  return {
    displayName: draft.displayName,
    issuer: draft.issuer,
    clientId: draft.clientId,
    ...(draft.clientSecret ? { clientSecret: draft.clientSecret } : {}),
    emailClaim: draft.emailClaim,
    allowedDomains: draft.allowedDomains.split(/[\s,]+/).filter(Boolean),
    registration: draft.registration,
  };
}

export function IdentityProviderPanel({ accountid, canChange }: { accountid: string; canChange: boolean }) {
  const path = `/api/staff/employers/${accountid}/identity-provider`;
  // Read with its version (none while there is no provider): a save names it (If-Match, or If-None-Match: *).
  const { data: tagged, mutate, error: readError } = useSWR<Tagged<StaffIdentityProvider | null>>(taggedKey(path), staffTaggedFetcher<StaffIdentityProvider | null>);
  const provider = tagged?.data;
  const [draft, setDraft] = useState<Draft>(blank);
  const [error, setError] = useState<unknown>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [test, setTest] = useState<StaffIdentityProviderTest | null>(null);
  useEffect(() => setDraft(provider ? draftOf(provider) : blank), [provider]);

  const change = (part: Partial<Draft>) => setDraft((current) => ({ ...current, ...part }));
  const reset = () => {
    setError(null);
    setStatus(null);
    setTest(null);
  };
  const act = async (work: () => Promise<string>) => {
    reset();
    try {
      setStatus(await work());
    } catch (failure) {
      setError(failure);
    }
  };
  const save = () => act(async () => {
    await mutate(await staffTagged<StaffIdentityProvider | null>('PUT', path, inputOf(draft), madeOn(tagged?.etag ?? null)), { revalidate: false });
    return 'Identity provider saved.';
  });
  const remove = () => act(async () => {
    await staffData('DELETE', path);
    await mutate({ data: null, etag: null }, { revalidate: false });
    return 'Identity provider removed.';
  });
  const testConnection = async () => {
    reset();
    try {
      setTest(await staffData<StaffIdentityProviderTest>('POST', `${path}/test`));
    } catch (failure) {
      setError(failure);
    }
  };
  const fieldError = (name: string) => fieldErrorOf(error, `/${name}`);

  return (
    <Stack maw={640}>
      <Text>
        Employees of this employer can sign in with their company account. Register the portal as a client at the
        provider (Authorization Code flow with PKCE), then enter what it gives here.
      </Text>
      {provider && (
        <Text size="sm">
          Redirect URI: <Code>{provider.redirectUri}</Code>
          <br />
          Post-logout redirect URI: <Code>{provider.postLogoutRedirectUri}</Code>
        </Text>
      )}
      <FailureAlert
        error={readError ?? error}
        onReload={async () => {
          await mutate();
          reset();
        }}
      />
      {status && <Alert color="green" role="status">{status}</Alert>}
      {test && <Alert color={test.ok ? 'green' : 'red'} role="status" title={test.ok ? 'Connection works' : 'Connection failed'}>{test.message}</Alert>}
      <TextInput label="Button name" description="The sign-in button says 'Sign in with' and this name" required disabled={!canChange} value={draft.displayName} error={fieldError('displayName')} onChange={(e) => change({ displayName: e.currentTarget.value })} />
      <TextInput label="Issuer URL" description="https://…; its discovery document is read from /.well-known/openid-configuration" required disabled={!canChange} value={draft.issuer} error={fieldError('issuer')} onChange={(e) => change({ issuer: e.currentTarget.value })} />
      <TextInput label="Client ID" required disabled={!canChange} value={draft.clientId} error={fieldError('clientId')} onChange={(e) => change({ clientId: e.currentTarget.value })} />
      <PasswordInput
        label="Client secret"
        description={provider ? 'A secret is stored; it is never shown. Leave empty to keep it.' : 'Stored encrypted and never shown again.'}
        required={!provider}
        disabled={!canChange}
        autoComplete="new-password"
        value={draft.clientSecret}
        error={fieldError('clientSecret')}
        onChange={(e) => change({ clientSecret: e.currentTarget.value })}
      />
      <TextInput label="E-mail claim" description="The ID token claim that carries the e-mail address" required disabled={!canChange} value={draft.emailClaim} error={fieldError('emailClaim')} onChange={(e) => change({ emailClaim: e.currentTarget.value })} />
      <TextInput label="Allowed e-mail domains" description="Separated by commas, e.g. acme.com, acme.co.uk" required disabled={!canChange} value={draft.allowedDomains} error={fieldError('allowedDomains')} onChange={(e) => change({ allowedDomains: e.currentTarget.value })} />
      <NativeSelect
        label="Who may sign in"
        disabled={!canChange}
        value={draft.registration}
        onChange={(e) => change({ registration: e.currentTarget.value as Draft['registration'] })}
        data={[
          { value: 'census', label: 'Only employees on the census' },
          { value: 'open', label: 'Anyone of an allowed domain (who registers with the link first)' },
        ]}
      />
      <Group>
        <Button onClick={() => void save()} disabled={!canChange}>Save Identity Provider</Button>
        <Button variant="default" onClick={() => void testConnection()} disabled={!canChange || !provider}>Test Connection</Button>
        <Button variant="subtle" color="red" onClick={() => void remove()} disabled={!canChange || !provider}>Remove</Button>
      </Group>
    </Stack>
  );
}
