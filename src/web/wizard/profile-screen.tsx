/**
 * Step 1, Profile: the profile document with the dependents, Next and Cancel (spec §2, §4, §5). The member and
 * the dependents are the answers of the step's declared load calls; the form's data is made from them in code
 * (profileFormData). Next is disabled when the flow says the step cannot proceed (employeazecustomer 0). On Next:
 * the document's rules; missing required fields listed in a modal; then the step's declared submit calls (the
 * member saved, the dependents made to match the form), the event logged, and with an order already placed this
 * year the person goes to /welcome instead of the next step.
 */
import type { Dependent, Member, Order } from '#contracts/entities.ts';
import { message } from '#engine/core/index.ts';
import type { FieldErrors, FormDocument } from '#engine/core/types.ts';
import {
  DocumentForm,
  useCalls,
  type CallsOutcome,
  missingRequiredFields,
  useDocument,
  useLoadCalls,
  withoutPrefix,
  type FormData,
  type MissingField,
  type StepScreenProps,
} from '#engine/react/index.ts';
import { api } from '#web/api/api-client.ts';
import { showError } from '#web/layout/toast.tsx';
import { Button, Center, List, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { DEPENDENTS_FIELD, hasOrderThisYear, profileFormData } from './profile-data.ts';
import { callScope, useWizard } from './wizard-context.tsx';

/** Screen texts (spec §2 Step 1); the form's own texts come from the profile document. */
export const PROFILE_TEXTS = {
  heading: 'Welcome to your Benefits Package Creator',
  next: 'Next',
  cancel: 'Cancel',
} as const;

/** The profile document's message that titles the missing-fields list (spec §5). */
export const MISSING_FIELDS_MESSAGE = 'missing-fields';

/** The ids of the load calls that read the person's records (flows/enrollment.flow.json). */
const LOADED = { member: 'member', dependents: 'dependents' } as const;

export function ProfileScreen({ step, next }: StepScreenProps) {
  const wizard = useWizard();
  const { document } = useDocument('form', step.form ?? 'profile', wizard.member.accountid);
  // The step reads its records itself, from nothing loaded; the wizard read the same paths, so SWR answers them.
  const { loaded } = useLoadCalls(step.calls?.load, callScope(wizard, { loaded: {} }));
  const member = loaded[LOADED.member] as Member | undefined;
  const dependents = (loaded[LOADED.dependents] as { dependents: Dependent[] } | undefined)?.dependents;
  if (!document || !member || !dependents) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  return (
    <ProfileForm document={document} member={member} dependents={dependents} loaded={loaded} step={step} next={next} />
  );
}

type ProfileFormProps = {
  document: FormDocument;
  member: Member;
  dependents: Dependent[];
  /** The answers of the step's load calls: the submit calls compare the form's dependents with the stored ones. */
  loaded: Record<string, unknown>;
  step: StepScreenProps['step'];
  next: () => void;
};

/** Where a failed declared call's field errors belong in the form's data. */
function formErrors(outcome: Extract<CallsOutcome, { ok: false }>): FieldErrors {
  const errors = outcome.answer.fieldErrors;
  if (!errors) return { '': [outcome.answer.message] };
  if (outcome.failed === 'update-member') return withoutPrefix(errors, '/member');
  if (outcome.index === undefined) return { '': [outcome.answer.message] };
  const prefix = `/${DEPENDENTS_FIELD}/${outcome.index}`;
  return Object.fromEntries(Object.entries(errors).map(([pointer, messages]) => [`${prefix}${pointer}`, messages]));
}

function ProfileForm({ document, member, dependents, loaded, step, next }: ProfileFormProps) {
  const wizard = useWizard();
  const navigate = useNavigate();
  const saved = useMemo(() => profileFormData(document, member, dependents), [document, member, dependents]);
  const [data, setData] = useState<FormData>(saved);
  const [missing, setMissing] = useState<MissingField[]>([]);
  const [serverErrors, setServerErrors] = useState<FieldErrors | undefined>(undefined);
  const calls = useCalls(step.calls?.submit);
  const context = useMemo(() => ({ today: wizard.today }), [wizard.today]);

  const invalid = (_errors: FieldErrors, values: FormData) => {
    const fields = missingRequiredFields(document, values);
    if (fields.length > 0) setMissing(fields);
  };

  const submit = async (values: FormData) => {
    setServerErrors(undefined);
    const outcome = await calls.run(callScope(wizard, { data: values, loaded }));
    if (!outcome.ok) {
      setServerErrors(formErrors(outcome));
      showError(outcome.answer.message);
      return;
    }
    await wizard.reload();
    await wizard.log('PROFILE ENTERED');
    const orders = await api.get<{ orderdetails: Order[] }>('/api/Order/GetOrderByMember');
    if (orders.success && hasOrderThisYear(orders.data.orderdetails, wizard.today)) navigate('/welcome');
    else next();
  };

  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{PROFILE_TEXTS.heading}</Title>
        <Title order={3} size="h4" fw={500}>
          {document.title}
        </Title>
      </div>
      <DocumentForm
        document={document}
        formData={data}
        context={context}
        onChange={setData}
        onSubmit={(values) => void submit(values)}
        onInvalid={invalid}
        serverErrors={serverErrors}
        submitText={PROFILE_TEXTS.next}
        submitDisabled={!step.canProceed}
        submitLoading={calls.running}
      >
        <Button variant="default" onClick={() => setData(saved)} disabled={calls.running}>
          {PROFILE_TEXTS.cancel}
        </Button>
      </DocumentForm>
      <Modal opened={missing.length > 0} onClose={() => setMissing([])} title={message(document, MISSING_FIELDS_MESSAGE)} centered>
        <List>
          {missing.map((field) => (
            <List.Item key={field.pointer}>
              <Text size="sm">{field.title}</Text>
            </List.Item>
          ))}
        </List>
      </Modal>
    </Stack>
  );
}
