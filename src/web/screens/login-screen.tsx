/**
 * /login (spec §2 Login, §4 Login, §8): the 'login' document's form with Show/Hide on the password, 'Log In',
 * 'Forgot Password?' (/forgot-password) and 'Register'. With register=true it first says onboarding is pending.
 * Success stores the access and id tokens (the refresh token is the server's HttpOnly cookie) and goes to /profile,
 * or back to the address where the same member's session ended in this tab (their drafts kept there).
 * When the employer configured its identity provider, 'Sign in with <provider>' comes first (provider-sign-in.tsx).
 * A limited attempt (the account locked, or too many attempts from this address) shows the server's own message
 * with the time to wait; any other failure, or an answer without the tokens, is 'Login failed.'.
 */
import { Alert, Anchor, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { LoginAnswer } from '#contracts/requests.ts';
import { message } from '#engine/runtime/index.ts';
import type { FormDocument } from '#engine/runtime/types.ts';
import { DocumentForm, type FormData } from '#engine/react/index.ts';
import { api } from '#portal/api/api-client.ts';
import { forgetSignInNotice, saveTokens, signInNotice, takeReturnAddress, type SignInNotice } from '#portal/api/session.ts';
import { PASSWORD_RESET_URL } from '../layout/links.ts';
import { useToast } from '#portal/layout/feedback/toast.tsx';
import { FormCard } from './form-card.tsx';
import { ProviderRefusal, ProviderSignIn } from './provider-sign-in.tsx';
import { usePublicForm } from './use-form-document.ts';
import { catalogueTexts, messages } from '#portal/messages.ts';

const hasTokens = (answer: LoginAnswer | null | undefined) =>
  Boolean(answer?.tokenResponse?.access_token && answer.tokenResponse.id_token);

/** Answers that say the attempt was limited, not wrong: their message says how long to wait. */
const LIMITED = new Set(['ACCOUNT_LOCKED', 'RATE_LIMITED']);

function OnboardingPending() {
  return (
    <Alert color="blue" variant="light" title={messages['onboarding-pending']} role="status">
      <Stack gap={4}>
        <Text size="sm">{messages['onboarding-check-email']}</Text>
        <Text size="sm">{messages['onboarding-email-from']}</Text>
        <Text size="sm">{messages['onboarding-use-link']}</Text>
      </Stack>
    </Alert>
  );
}

const NOTICE_TEXTS: Record<SignInNotice, string> = catalogueTexts({
  'session-ended': 'session-ended',
  'password-set': 'password-set',
});

export function LoginScreen() {
  const navigate = useNavigate();
  const { showError } = useToast();
  const form = usePublicForm('login');
  const { document, error, params, employerId } = form;
  // Sent here when the session ended under the tab, or after setting a password: the person is told so.
  const [notice] = useState(signInNotice);
  useEffect(forgetSignInNotice, []);

  const submit = async (login: FormDocument, data: FormData) => {
    const request = { email: data.email, password: data.password, ...(form.accountId ? { accountid: form.accountId } : {}) };
    const answer = await form.send(() => api.post<LoginAnswer>('/api/Login', request, { public: true }), '');
    if (answer.success && hasTokens(answer.data)) {
      saveTokens(answer.data.tokenResponse);
      // Back where the session ended (for the same member: another's sign-in cleared it), else Getting Started.
      navigate(takeReturnAddress() ?? '/profile');
      return;
    }
    if (!answer.success && LIMITED.has(answer.code)) {
      showError(answer.message || message(login, 'login-failed'));
      return;
    }
    showError(message(login, 'login-failed'));
  };

  const registerLink = employerId ? `/register?employer_id=${encodeURIComponent(employerId)}` : '/register';
  const resetLink = employerId ? `/forgot-password?employer_id=${encodeURIComponent(employerId)}` : '/forgot-password';

  return (
    <Container size={480} py="xl">
      <Stack gap="md">
        {params.get('register') === 'true' && <OnboardingPending />}
        {notice && (
          <Alert color={notice === 'session-ended' ? 'yellow' : 'green'} role="status">
            {NOTICE_TEXTS[notice]}
          </Alert>
        )}
        <FormCard>
          <Stack gap="sm">
            <Title order={1}>{messages['sign-in']}</Title>
            <ProviderRefusal reason={params.get('sso_error')} />
            <ProviderSignIn accountId={form.accountId} />
            {document ? (
              <DocumentForm
                document={document}
                formData={form.formData}
                context={form.context}
                onChange={form.setFormData}
                onSubmit={(data) => void submit(document, data)}
                serverErrors={form.serverErrors}
                submitText={message(document, 'submit')}
                submitLoading={form.busy}
              />
            ) : error ? (
              <Alert color="red">{messages['login-form-unavailable']}</Alert>
            ) : (
              <Loader aria-label={messages['loading']} />
            )}
            <Group justify="space-between">
              {document && PASSWORD_RESET_URL ? (
                <Anchor href={PASSWORD_RESET_URL}>{message(document, 'forgot-password')}</Anchor>
              ) : document ? (
                <Anchor component={RouterLink} to={resetLink}>
                  {message(document, 'forgot-password')}
                </Anchor>
              ) : (
                <span />
              )}
              <Anchor component={RouterLink} to={registerLink}>
                {messages['register']}
              </Anchor>
            </Group>
          </Stack>
        </FormCard>
      </Stack>
    </Container>
  );
}
