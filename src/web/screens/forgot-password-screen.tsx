/**
 * /forgot-password: the 'forgot-password' document's e-mail field and 'Send Reset Link'. The answer is the same
 * whether or not the address has an account, so the screen always shows the document's 'reset-requested' text.
 */
import { Alert, Anchor, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { message } from '#engine/runtime/index.ts';
import type { FormDocument } from '#engine/runtime/types.ts';
import { DocumentForm, type FormData } from '#engine/react/index.ts';
import { api } from '#portal/api/api-client.ts';
import { useToast } from '#portal/layout/feedback/toast.tsx';
import { FormCard } from './form-card.tsx';
import { usePublicForm } from './use-form-document.ts';
import { messages } from '#portal/messages.ts';

export function ForgotPasswordScreen() {
  const { showError } = useToast();
  const form = usePublicForm('forgot-password');
  const { document, error, employerId } = form;
  const [sent, setSent] = useState(false);

  const submit = async (forgot: FormDocument, data: FormData) => {
    const request = { email: data.email, ...(form.accountId ? { accountid: form.accountId } : {}) };
    const answer = await form.send(() => api.post('/api/Member/ForgotPassword', request, { public: true }), '');
    if (answer.success) setSent(true);
    else if (!answer.fieldErrors) showError(answer.code === 'RATE_LIMITED' ? answer.message : message(forgot, 'request-failed'));
  };

  const loginLink = employerId ? `/login?employer_id=${encodeURIComponent(employerId)}` : '/login';
  let content;
  if (error) content = <Alert color="red">{'The form cannot be loaded. Please try again.'}</Alert>;
  else if (!document) content = <Loader aria-label={messages['loading']} />;
  else if (sent) content = <Alert color="blue" role="status">{message(document, 'reset-requested')}</Alert>;
  else {
    content = (
      <Stack gap="sm">
        <Text size="sm">{message(document, 'intro')}</Text>
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
      </Stack>
    );
  }

  return (
    <Container size={480} py="xl">
      <FormCard>
        <Stack gap="sm">
          {document && <Title order={1}>{document.title}</Title>}
          {content}
          {document && (
            <Anchor component={RouterLink} to={loginLink}>
              {message(document, 'back-to-sign-in')}
            </Anchor>
          )}
        </Stack>
      </FormCard>
    </Container>
  );
}
