/**
 * /login (spec §2 Login, §4 Login, §8): the 'login' document's form with Show/Hide on the password, 'Log In',
 * 'Forgot Password?' and 'Register'. With register=true it first says onboarding is pending. Success stores the
 * tokens and goes to /profile; any failure, or an answer without the three tokens, is 'Login failed.'.
 */
import { Alert, Anchor, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { LoginAnswer } from '#contracts/requests.ts';
import { message } from '#engine/core/index.ts';
import type { FormDocument } from '#engine/core/types.ts';
import { DocumentForm, type FormData } from '#engine/react/index.ts';
import { api } from '../api/api-client.ts';
import { useBranding } from '../api/queries.ts';
import { saveTokens } from '../api/session.ts';
import { DEFAULT_SUPPORT_EMAIL, PASSWORD_RESET_URL } from '../layout/links.ts';
import { useToast } from '../layout/toast.tsx';
import { FormCard } from './form-card.tsx';
import { usePublicForm } from './use-form-document.ts';

const hasTokens = (answer: LoginAnswer | null | undefined) =>
  Boolean(
    answer?.tokenResponse?.access_token && answer.tokenResponse.id_token && answer.tokenResponse.refresh_token,
  );

function OnboardingPending() {
  return (
    <Alert color="blue" variant="light" title="Onboarding Pending" role="status">
      <Stack gap={4}>
        <Text size="sm">Please check your email to finish setting up your account.</Text>
        <Text size="sm">
          The confirmation email comes from a no-reply address with a welcome subject. It can take up to 30 minutes
          to arrive.
        </Text>
        <Text size="sm">Then use the link in that email to resolve the issue and set your password.</Text>
      </Stack>
    </Alert>
  );
}

export function LoginScreen() {
  const navigate = useNavigate();
  const { showError } = useToast();
  const form = usePublicForm('login');
  const { document, error, params, employerId } = form;
  const { data: branding } = useBranding(employerId);

  const submit = async (login: FormDocument, data: FormData) => {
    const answer = await form.send(() => api.post<LoginAnswer>('/api/Login', data, { public: true }), '');
    if (answer.success && hasTokens(answer.data)) {
      saveTokens(answer.data.tokenResponse);
      navigate('/profile');
      return;
    }
    showError(message(login, 'login-failed'));
  };

  const registerLink = employerId ? `/register?employer_id=${encodeURIComponent(employerId)}` : '/register';
  const resetLink = PASSWORD_RESET_URL ?? `mailto:${branding?.emailaddress || DEFAULT_SUPPORT_EMAIL}`;

  return (
    <Container size={480} py="xl">
      <Stack gap="md">
        {params.get('register') === 'true' && <OnboardingPending />}
        <FormCard>
          <Stack gap="sm">
            <Title order={1}>Sign In</Title>
            {document ? (
              <DocumentForm
                document={document}
                formData={form.formData}
                context={form.context}
                onChange={form.setFormData}
                onSubmit={(data) => void submit(document, data)}
                serverErrors={form.serverErrors}
                submitText="Log In"
                submitLoading={form.busy}
              />
            ) : error ? (
              <Alert color="red">The sign-in form cannot be loaded. Please try again.</Alert>
            ) : (
              <Loader aria-label="Loading" />
            )}
            <Group justify="space-between">
              <Anchor href={resetLink}>Forgot Password?</Anchor>
              <Anchor component={RouterLink} to={registerLink}>
                Register
              </Anchor>
            </Group>
          </Stack>
        </FormCard>
      </Stack>
    </Container>
  );
}
