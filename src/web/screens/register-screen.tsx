/**
 * /register (spec §2 Register, §4 Registration, §8): the marketing panel and the 'registration' document's form
 * with the employer's name shown disabled. 'Register Account' stays disabled until the terms are accepted. Without
 * an employer that can be resolved from the link, the form is replaced by the stop-sign message. A failure shows
 * the toast and, when the e-mail already has an account, the modal to sign in or set a new password; when it has a
 * pending registration, a modal (its texts the document's pending-*) to resend the invitation or delete the pending
 * registration (which opens the form anew, without the toast). Above the form, links to the Terms of Use and the Privacy Policy the checkbox accepts.
 */
import {
  Alert,
  Anchor,
  Button,
  Container,
  Grid,
  Group,
  List,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { ApiFailure } from '#contracts/api.ts';
import type { RegisterFailureData, RegisterRequest } from '#contracts/requests.ts';
import { message } from '#engine/runtime/index.ts';
import type { FormDocument } from '#engine/runtime/types.ts';
import { DocumentForm, type FormData } from '#engine/react/index.ts';
import { api } from '#portal/api/api-client.ts';
import { useBranding } from '#portal/api/queries.ts';
import { legalPath } from '../layout/links.ts';
import { useToast } from '#portal/layout/feedback/toast.tsx';
import { messages } from '#portal/messages.ts';
import { FormCard } from './form-card.tsx';
import { ProviderSignIn } from './provider-sign-in.tsx';
import { usePublicForm } from './use-form-document.ts';

const bullets = () => [
  messages['register-marketing-shop'],
  messages['register-marketing-personalize'],
  messages['register-marketing-save'],
];

function MarketingPanel() {
  return (
    <Paper p="xl" radius="md" bg="portal.0" h="100%">
      <Stack gap="md">
        <Title order={2}>{messages['register-marketing-title']}</Title>
        <List spacing="sm">
          {bullets().map((bullet) => (
            <List.Item key={bullet}>{bullet}</List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  );
}

/**
 * The 'read-terms' text with its {terms} and {privacy} placeholders as links to the portal's pages (a new tab, so
 * what is typed stays).
 */
function ReadTerms({ document, employerId }: { document: FormDocument; employerId: string | null }) {
  const links: Record<string, ReactNode> = {
    terms: (
      <Anchor key="terms" component={RouterLink} to={legalPath('terms', employerId)} target="_blank">
        {messages['terms-of-use']}
      </Anchor>
    ),
    privacy: (
      <Anchor key="privacy" component={RouterLink} to={legalPath('privacy', employerId)} target="_blank">
        {messages['privacy-policy']}
      </Anchor>
    ),
  };
  const parts = message(document, 'read-terms').split(/\{(terms|privacy)\}/);
  return <Text size="sm">{parts.map((part, index) => (index % 2 === 1 ? links[part] : part))}</Text>;
}

function StopSignIcon() {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
      <path d="M7.5 1h9L23 7.5v9L16.5 23h-9L1 16.5v-9Z" fill="#c92a2a" />
      <rect x="5" y="10.5" width="14" height="3" rx="1" fill="#fff" />
    </svg>
  );
}

function StopSign() {
  return (
    <Alert color="red" variant="light" title={messages['register-no-employer-title']} icon={<StopSignIcon />}>
      {messages['register-no-employer']}
    </Alert>
  );
}

/** Register's 409 handle for a pending registration: opaque, short-lived, no member id (docs/security.md, V2). */
type Pending = { handle: string };

function AlreadyRegisteredModal({
  document,
  pending,
  onClose,
  onResent,
  onDeleted,
}: {
  document: FormDocument | undefined;
  pending: Pending | null;
  onClose: () => void;
  onResent: () => void;
  onDeleted: () => void;
}) {
  const { showError } = useToast();
  const [busy, setBusy] = useState<'resend' | 'delete' | null>(null);

  const resend = async () => {
    if (!pending || !document) return;
    setBusy('resend');
    const answer = await api.post('/api/Member/ResendInvitation', { handle: pending.handle }, { public: true });
    setBusy(null);
    if (answer.success) onResent();
    else showError(answer.message || message(document, 'register-failed'));
  };

  const remove = async () => {
    if (!pending || !document) return;
    setBusy('delete');
    const answer = await api.post('/api/Member/WithdrawRegistration', { handle: pending.handle }, { public: true });
    setBusy(null);
    if (answer.success) onDeleted();
    // Refused outright (another browser than the registrant's): the server says why and what to do instead.
    else showError(answer.code === 'FORBIDDEN' ? answer.message : message(document, 'delete-failed'));
  };

  const text = (key: string) => (document ? message(document, key) : '');
  return (
    <Modal opened={pending !== null} onClose={onClose} title={text('pending-title')} centered>
      <Stack gap="md">
        <Text>{text('pending-text')}</Text>
        <Button onClick={() => void resend()} loading={busy === 'resend'} disabled={busy !== null}>
          {text('pending-resend')}
        </Button>
        <Button
          color="red"
          variant="outline"
          onClick={() => void remove()}
          loading={busy === 'delete'}
          disabled={busy !== null}
        >
          {text('pending-delete')}
        </Button>
      </Stack>
    </Modal>
  );
}

/** The e-mail already has an active account: sign in with it, or set a new password (spec §8's modal). */
function AccountExistsModal({ opened, employerId, onClose }: { opened: boolean; employerId: string | null; onClose: () => void }) {
  const withEmployer = (path: string) => (employerId ? `${path}?employer_id=${encodeURIComponent(employerId)}` : path);
  return (
    <Modal opened={opened} onClose={onClose} title={messages['account-exists-title']} centered>
      <Stack gap="md">
        <Text>{messages['account-exists']}</Text>
        <Button component={RouterLink} to={withEmployer('/login')}>
          {messages['sign-in']}
        </Button>
        <Button component={RouterLink} to={withEmployer('/forgot-password')} variant="outline">
          {messages['forgot-password']}
        </Button>
      </Stack>
    </Modal>
  );
}

export function RegisterScreen() {
  const navigate = useNavigate();
  const { showError } = useToast();
  const form = usePublicForm('registration');
  const { document, error: documentError, formData, employerId } = form;
  const branding = useBranding(employerId);
  const [pending, setPending] = useState<Pending | null>(null);
  const [accountExists, setAccountExists] = useState(false);
  const [formKey, setFormKey] = useState(0);

  const employer = branding.data;
  const resolving = Boolean(employerId) && branding.isLoading;
  const loginAfterRegister = `/login?register=true&employer_id=${encodeURIComponent(employerId ?? '')}`;

  const submit = async (registration: FormDocument, data: FormData) => {
    if (!employer) return;
    const request: RegisterRequest = {
      memberdto: {
        firstname: String(data.firstname ?? ''),
        lastname: String(data.lastname ?? ''),
        personalemailaddress: String(data.personalemailaddress ?? ''),
        accountid: employer.accountid,
        terms: data.terms === true,
      },
      company: employer.accountname,
      url: `${window.location.origin}/set-password`,
      plan_year: new Date().getFullYear(),
    };
    const answer = await form.send(
      () => api.post<{ memberid: string }>('/api/Member/Register', request, { public: true }),
      '/memberdto',
    );
    if (answer.success) {
      navigate(loginAfterRegister);
      return;
    }
    // Spec §8: 'Register failed. Please try again.', with the modal of an account or a pending registration.
    showError(message(registration, 'register-failed'));
    const failure = (answer as ApiFailure<RegisterFailureData>).data;
    if (failure?.registered) setAccountExists(true);
    else if (failure?.handle) setPending({ handle: failure.handle });
  };

  const restart = () => {
    setPending(null);
    form.setFormData({});
    form.setServerErrors(undefined);
    setFormKey((key) => key + 1);
    navigate(`/register?employer_id=${encodeURIComponent(employerId ?? '')}`);
  };

  let content;
  if (resolving) content = <Loader aria-label={messages['loading']} />;
  else if (!employer) content = <StopSign />;
  else if (documentError) content = <Alert color="red">{messages['register-form-unavailable']}</Alert>;
  else if (!document) content = <Loader aria-label={messages['loading']} />;
  else {
    content = (
      <Stack gap="sm">
        <TextInput
          label={document.messages['employer-name'] ?? messages['employer-name']}
          value={employer.accountname}
          disabled
        />
        <ReadTerms document={document} employerId={employerId} />
        <DocumentForm
          key={formKey}
          document={document}
          formData={formData}
          context={form.context}
          onChange={form.setFormData}
          onSubmit={(data) => void submit(document, data)}
          serverErrors={form.serverErrors}
          submitText={message(document, 'submit')}
          submitDisabled={formData.terms !== true || form.busy}
          submitLoading={form.busy}
        />
      </Stack>
    );
  }

  return (
    <Container size="lg" py="xl">
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <MarketingPanel />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <FormCard>
            <Stack gap="md">
              <Title order={1}>{messages['register']}</Title>
              <ProviderSignIn accountId={form.accountId} />
              {content}
              <Group gap={6}>
                <Text size="sm">{messages['have-account']}</Text>
                <Anchor
                  component={RouterLink}
                  to={employerId ? `/login?employer_id=${encodeURIComponent(employerId)}` : '/login'}
                  size="sm"
                >
                  {messages['sign-in']}
                </Anchor>
              </Group>
            </Stack>
          </FormCard>
        </Grid.Col>
      </Grid>
      <AccountExistsModal opened={accountExists} employerId={employerId} onClose={() => setAccountExists(false)} />
      <AlreadyRegisteredModal
        document={document}
        pending={pending}
        onClose={() => setPending(null)}
        onResent={() => {
          setPending(null);
          navigate(loginAfterRegister);
        }}
        onDeleted={restart}
      />
    </Container>
  );
}
