/**
 * /reset-password?token=: the forgot-password link. The form is the 'set-password' document (the same fields,
 * rules and messages, common passwords refused), titled by its 'reset-title'. Success says 'reset-done' and goes
 * to /login; a used or expired link says 'reset-link-invalid' with a way to ask again.
 */
import { Alert, Anchor, Container, Loader, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { message } from '#engine/runtime/index.ts';
import type { FormDocument } from '#engine/runtime/types.ts';
import { DocumentForm, type FormData } from '#engine/react/index.ts';
import { api } from '#portal/api/api-client.ts';
import { leaveSignInNotice } from '#portal/api/session.ts';
import { showSuccess, useToast } from '#portal/layout/feedback/toast.tsx';
import { FormCard } from './form-card.tsx';
import { usePublicForm } from './use-form-document.ts';
import { messages } from '#portal/messages.ts';

export function ResetPasswordScreen() {
  const navigate = useNavigate();
  const { showError } = useToast();
  const form = usePublicForm('set-password');
  const { document, error, params } = form;
  const token = params.get('token');
  const [invalid, setInvalid] = useState(false);

  const submit = async (setPassword: FormDocument, data: FormData) => {
    if (!token) return;
    const answer = await form.send(
      () => api.post('/api/Member/ResetPassword', { token, password: data.password }, { public: true }),
      '',
    );
    if (answer.success) {
      showSuccess(message(setPassword, 'reset-done'));
      leaveSignInNotice('password-set');
      navigate('/login');
      return;
    }
    if (answer.code === 'TOKEN_INVALID') setInvalid(true);
    else if (!answer.fieldErrors) showError(answer.message || message(setPassword, 'something-wrong'));
  };

  let content;
  if (error) content = <Alert color="red">{'The form cannot be loaded. Please try again.'}</Alert>;
  else if (!document) content = <Loader aria-label={messages['loading']} />;
  else if (!token || invalid) {
    content = (
      <Stack gap="sm">
        <Alert color="red" role="alert">
          {message(document, 'reset-link-invalid')}
        </Alert>
        <Anchor component={RouterLink} to="/forgot-password">
          {message(document, 'reset-ask-again')}
        </Anchor>
      </Stack>
    );
  } else {
    content = (
      <DocumentForm
        document={document}
        formData={form.formData}
        context={form.context}
        onChange={form.setFormData}
        onSubmit={(data) => void submit(document, data)}
        serverErrors={form.serverErrors}
        submitText={form.busy ? messages['busy'] : message(document, 'reset-title')}
        submitDisabled={form.busy}
      />
    );
  }

  return (
    <Container size={480} py="xl">
      <FormCard>
        <Stack gap="sm">
          {document && <Title order={1}>{message(document, 'reset-title')}</Title>}
          {content}
        </Stack>
      </FormCard>
    </Container>
  );
}
