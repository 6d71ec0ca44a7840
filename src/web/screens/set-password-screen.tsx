/**
 * /set-password (spec §2 Set password, §4, §8): the invitation link carries employer_id, member_id and token. The
 * form shows only when the member belongs to the link's employer and has never set a password; otherwise
 * 'Access Denied'. The 'set-password' document gives the fields and their live messages. Success goes to /login;
 * a failure shows the server's message (or 'Something went wrong.') and the 'Password set failed.' modal.
 */
import { Anchor, Button, Container, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import useSWR from 'swr';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { MemberPasswordInfo } from '#contracts/requests.ts';
import { message } from '#engine/runtime/index.ts';
import type { FormDocument } from '#engine/runtime/types.ts';
import { DocumentForm, type FormData } from '#engine/react/index.ts';
import { api, swrPublicFetcher } from '#portal/api/api-client.ts';
import { leaveSignInNotice } from '#portal/api/session.ts';
import { useToast } from '#portal/layout/feedback/toast.tsx';
import { FormCard } from './form-card.tsx';
import { usePublicForm } from './use-form-document.ts';
import { messages } from '#portal/messages.ts';

/** Shown for a link that is not (or no longer) good; the spec's text when the document could not be read. */
function AccessDenied({ document }: { document: FormDocument | undefined }) {
  return (
    <Stack gap="sm" align="center">
      <Title order={1}>{document ? message(document, 'access-denied') : messages['access-denied']}</Title>
      <Text>
        {messages['have-account-sign-in']}{' '}
        <Anchor component={RouterLink} to="/login">
          {messages['sign-in']}
        </Anchor>
      </Text>
    </Stack>
  );
}

export function SetPasswordScreen() {
  const navigate = useNavigate();
  const { showError } = useToast();
  const form = usePublicForm('set-password');
  const { document, isLoading: documentLoading, params, employerId } = form;
  const memberId = params.get('member_id');
  const token = params.get('token');
  const infoPath =
    memberId && token ? `/api/Member/${encodeURIComponent(memberId)}?token=${encodeURIComponent(token)}` : null;
  const info = useSWR<MemberPasswordInfo>(infoPath, swrPublicFetcher, { shouldRetryOnError: false });
  const [failed, setFailed] = useState<string | null>(null);

  const allowed =
    Boolean(employerId) && info.data?.accountid === employerId && info.data.ispasswordchanged === null;
  const checking = infoPath !== null && info.isLoading;

  const submit = async (setPassword: FormDocument, data: FormData) => {
    if (!memberId || !token) return;
    const body = { id: memberId, password: data.password, token };
    const answer = await form.send(() => api.post('/api/changepassword', body, { public: true }), '');
    if (answer.success) {
      leaveSignInNotice('password-set');
      // The employer's sign-in page: its logo and its own login document.
      navigate(`/login?employer_id=${encodeURIComponent(employerId ?? '')}`);
      return;
    }
    showError(answer.message || message(setPassword, 'something-wrong'));
    setFailed(message(setPassword, 'set-failed'));
  };

  let content;
  if (checking || documentLoading) content = <Loader aria-label={messages['loading']} />;
  else if (!allowed || !document) content = <AccessDenied document={document} />;
  else {
    content = (
      <Stack gap="sm">
        <Title order={1}>{document.title ?? message(document, 'submit')}</Title>
        <DocumentForm
          document={document}
          formData={form.formData}
          context={form.context}
          onChange={form.setFormData}
          onSubmit={(data) => void submit(document, data)}
          serverErrors={form.serverErrors}
          submitText={form.busy ? messages['busy'] : message(document, 'submit')}
          submitDisabled={form.busy}
        />
      </Stack>
    );
  }

  return (
    <Container size={480} py="xl">
      <FormCard>{content}</FormCard>
      <Modal opened={failed !== null} onClose={() => setFailed(null)} title={document?.title} centered>
        <Stack gap="md">
          <Text>{failed}</Text>
          <Button onClick={() => setFailed(null)}>{messages['ok']}</Button>
        </Stack>
      </Modal>
    </Container>
  );
}
