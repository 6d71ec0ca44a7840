/**
 * Step 1, Profile: the profile document with the dependents, Next and Cancel (spec §2, §4, §5). The member and
 * the dependents are the answers of the step's declared load calls; the form's data is made from them in code
 * (profileFormData). Next is disabled when the flow says the step cannot proceed (employeazecustomer 0) and
 * answers at most once a second. On Next: the document's rules (focus on the first field in error); the missing
 * fields listed in a modal, a dependent's named by its item title ('Dependent #2: Date of Birth'), unless only the
 * document's parts are missing: an empty SSN opens the SSN-required notice (closing it focuses the first SSN box),
 * else only the additional enrollment information opens 'Enter Additional Enrollment Information', whose Save
 * fills those fields and goes on with Next (a button beside Cancel opens it too, to fill them only); then the
 * step's declared submit calls (the member saved, the dependents made to match the form, then the current-plan
 * search for next January 1 and the member's orders), 'Saved Successfully', the event logged, and /welcome,
 * /health-plan or the next step as afterProfile says. Every text comes from the profile document. What is typed
 * and not saved is kept as the tab's draft without the SSN fields and shown again after a reload; a successful
 * save or Cancel drops it. Cancel asks first ('Discard your changes?') when something was typed.
 */
import type { Dependent, HealthPlanQuote, Member, Order } from '#contracts/entities.ts';
import { firstOfNextYear } from '#domain/values/dates.ts';
import { documentPart, isEmptyValue, message, onlyInPart, partOf, validateForm } from '#engine/runtime/index.ts';
import type { FieldErrors, FormDocument } from '#engine/runtime/types.ts';
import {
  clearDraft,
  DocumentForm,
  focusFirstError,
  readDraft,
  useCalls,
  useThrottle,
  type CallsOutcome,
  missingRequiredFields,
  useDocument,
  useLoadCalls,
  withoutPrefix,
  type FormData,
  type MissingField,
  type StepScreenProps,
} from '#engine/react/index.ts';
import { isSessionEnded, isUnreachable } from '#portal/api/api-client.ts';
import { useEffectiveDates } from '#portal/api/queries.ts';
import { failureMessage, RetryAlert } from '#portal/layout/feedback/retry-alert.tsx';
import { WRAPPING_LABEL } from '#portal/layout/theme.ts';
import { showError, showSuccess } from '#portal/layout/feedback/toast.tsx';
import { Button, Center, Group, List, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { deepEquals } from '@rjsf/utils';
import { useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { afterProfile, DEPENDENTS_FIELD, profileFormData, profileWithDraft, SSN_FIELDS } from './profile-data.ts';
import { AdditionalInfoModal, partText, PROFILE_PARTS, SsnRequiredModal } from './profile-modals.tsx';
import { callScope, useWizard } from './wizard-context.tsx';
import { messages } from '#portal/messages.ts';

/** The profile document's messages the screen shows itself (spec §2 Step 1, §5). */
export const PROFILE_MESSAGES = {
  heading: 'heading',
  next: 'next',
  cancel: 'cancel',
  missingFields: 'missing-fields',
  saved: 'saved',
} as const;

/** Spec §9: Next answers at most once a second. */
export const NEXT_THROTTLE_MS = 1000;

/** The ids of the load calls that read the person's records (flows/enrollment.flow.json). */
const LOADED = { member: 'member', dependents: 'dependents' } as const;
/** The ids of the submit calls whose answers decide where Next leads. */
const LOOKUPS = { plans: 'current-plans', orders: 'orders' } as const;

export function ProfileScreen({ step, next, nextBusy }: StepScreenProps) {
  const wizard = useWizard();
  const { document } = useDocument('form', step.form ?? 'profile', wizard.member.accountid);
  // The step reads its records itself, from nothing loaded; the wizard read the same paths, so SWR answers them.
  const { loaded, errors, loading, retry } = useLoadCalls(step.calls?.load, callScope(wizard, { loaded: {} }));
  const member = loaded[LOADED.member] as Member | undefined;
  const dependents = (loaded[LOADED.dependents] as { dependents: Dependent[] } | undefined)?.dependents;
  // The dependents' ages are counted on the first effective date the server offers (today when it offers none), as
  // the server counts them. The form waits for it, so its rules never change under a person typing; if the dates
  // cannot be read, the server's check alone holds.
  const offered = useEffectiveDates(true);
  const effectiveDate = offered.data && (offered.data.effectivedates[0] ?? offered.data.today);
  const failed = failureMessage(errors);
  if (failed && !loading && (!member || !dependents)) return <RetryAlert message={failed} onRetry={retry} />;
  if (!document || !member || !dependents || (!offered.data && !offered.error)) {
    return (
      <Center py="xl">
        <Loader aria-label={messages['loading']} />
      </Center>
    );
  }
  return (
    <ProfileForm document={document} member={member} dependents={dependents} loaded={loaded} effectiveDate={effectiveDate} step={step} next={next} nextBusy={nextBusy} />
  );
}

type ProfileFormProps = {
  document: FormDocument;
  member: Member;
  dependents: Dependent[];
  /** The answers of the step's load calls: the submit calls compare the form's dependents with the stored ones. */
  loaded: Record<string, unknown>;
  /** The date the dependents' ages are counted on; undefined when the offered dates could not be read. */
  effectiveDate: string | undefined;
  step: StepScreenProps['step'];
  next: () => void;
  nextBusy: boolean;
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

function ProfileForm({ document, member, dependents, loaded, effectiveDate, step, next, nextBusy }: ProfileFormProps) {
  const wizard = useWizard();
  const navigate = useNavigate();
  const saved = useMemo(() => profileFormData(document, member, dependents), [document, member, dependents]);
  // What was typed and not saved survives a reload of the tab (never an SSN); saving or Cancel drops it.
  // The saved data the form's data was made from: the draft is kept with it, so a reload applies only what was
  // typed here onto what is saved then (another tab may have saved since). Cancel starts over from the newest.
  const [base, setBase] = useState(saved);
  const draft = useMemo(() => ({ key: `${step.form ?? 'profile'}:${member.id}`, omit: SSN_FIELDS, base }), [step.form, member.id, base]);
  // The form's data changes here only when the screen changes it (a modal's save); what is typed is read from
  // `typed`, so the screen, its titles and its modals do not render again on each keystroke.
  const [data, setData] = useState<FormData>(() => profileWithDraft(saved, readDraft(draft.key)));
  const typed = useRef(data);
  const [missing, setMissing] = useState<MissingField[]>([]);
  // Cancel starts the form anew: rjsf would keep what was typed when handed back the very data it started from.
  const [cancelled, setCancelled] = useState(0);
  const [serverErrors, setServerErrors] = useState<FieldErrors | undefined>(undefined);
  // A save the network lost: its message and Retry, the form's data kept as typed.
  const [unreachable, setUnreachable] = useState<string | null>(null);
  const calls = useCalls(step.calls?.submit);
  const context = useMemo(() => ({ today: wizard.today, effectiveDate }), [wizard.today, effectiveDate]);
  const throttle = useThrottle(NEXT_THROTTLE_MS);
  const text = (key: string) => message(document, key);
  const formBox = useRef<HTMLDivElement>(null);
  const additionalPart = useMemo(() => documentPart(document, PROFILE_PARTS.additionalInfo), [document]);
  // The additional-info modal, open to fill the fields only, or from Next (its Save goes on with Next).
  const [additional, setAdditional] = useState<{ data: FormData; continueNext: boolean }>({ data: saved, continueNext: false });
  const [additionalOpen, setAdditionalOpen] = useState(false);
  const openAdditional = (values: FormData, continueNext: boolean) => {
    setAdditional({ data: values, continueNext });
    setAdditionalOpen(true);
  };
  const [ssnRequired, setSsnRequired] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  const discard = () => {
    setDiscarding(false);
    clearDraft(draft.key);
    typed.current = saved;
    setBase(saved);
    setData(saved);
    setCancelled((count) => count + 1);
  };

  const invalid = (errors: FieldErrors, values: FormData) => {
    const pointers = Object.keys(errors).filter((pointer) => (errors[pointer]?.length ?? 0) > 0);
    const inPart = (part: string) => (pointer: string) => onlyInPart(document, part, [pointer]);
    // The rest of the profile is complete: only the SSN and the additional enrollment information are at fault.
    const onlyParts = pointers.every((pointer) => inPart(PROFILE_PARTS.ssn)(pointer) || inPart(PROFILE_PARTS.additionalInfo)(pointer));
    // The SSN is not entered and none is on file (a stored one is the masked value), and the rules want one.
    const ssnMissing =
      pointers.some(inPart(PROFILE_PARTS.ssn)) && (partOf(document, PROFILE_PARTS.ssn)?.fields ?? []).every((field) => isEmptyValue(values[field]));
    if (onlyParts && ssnMissing) return setSsnRequired(true);
    if (additionalPart && onlyInPart(document, PROFILE_PARTS.additionalInfo, pointers)) return openAdditional(values, true);
    const fields = missingRequiredFields(document, values, errors);
    if (fields.length > 0) setMissing(fields);
  };

  const closeSsnRequired = () => {
    setSsnRequired(false);
    const ssn = partOf(document, PROFILE_PARTS.ssn)?.fields[0];
    if (ssn) focusFirstError(formBox.current, document.id, { [`/${ssn}`]: [''] }); // the field's first box
  };

  const submit = async (values: FormData) => {
    if (!throttle.attempt()) return;
    await save(values);
  };

  const save = async (values: FormData) => {
    setServerErrors(undefined);
    setUnreachable(null);
    const screens = { profile: { currentPlanDate: firstOfNextYear(wizard.today) } };
    const outcome = await calls.run(callScope(wizard, { data: values, loaded, screens }));
    if (!outcome.ok) {
      // The session ended: the tab is on its way to sign in, with what was typed kept as the draft.
      if (isSessionEnded(outcome.answer)) return;
      if (isUnreachable(outcome.answer)) {
        setUnreachable(outcome.answer.message);
        return;
      }
      setServerErrors(formErrors(outcome));
      showError(outcome.answer.message);
      return;
    }
    clearDraft(draft.key);
    showSuccess(text(PROFILE_MESSAGES.saved));
    await wizard.reload();
    await wizard.log('PROFILE ENTERED');
    const quote = outcome.results[LOOKUPS.plans] as HealthPlanQuote | undefined;
    const orders = outcome.results[LOOKUPS.orders] as { orderdetails?: Order[] } | undefined;
    const where = afterProfile({ today: wizard.today, changing: wizard.changing, currentplanid: member.currentplanid, plans: quote?.healthplans, orders: orders?.orderdetails });
    if (where === 'next') next();
    else navigate(`/${where}`);
  };

  const saveAdditional = (values: FormData) => {
    const { continueNext } = additional;
    setAdditionalOpen(false);
    typed.current = values;
    setData(values);
    if (!continueNext) return;
    // Next goes on with the filled profile, checked whole again by the document's rules.
    const errors = validateForm(document, values, context, 'submit');
    if (Object.keys(errors).length > 0) invalid(errors, values);
    else void submit(values);
  };

  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{text(PROFILE_MESSAGES.heading)}</Title>
        <Title order={3} size="h4" fw={500}>
          {document.title}
        </Title>
      </div>
      {unreachable && <RetryAlert message={unreachable} onRetry={() => void save(typed.current)} busy={calls.running} />}
      <div ref={formBox}>
        <DocumentForm
          key={cancelled}
          document={document}
          formData={data}
          context={context}
          onChange={(values) => {
            typed.current = values;
          }}
          draft={draft}
          onSubmit={(values) => void submit(values)}
          onInvalid={invalid}
          serverErrors={serverErrors}
          submitText={text(PROFILE_MESSAGES.next)}
          submitDisabled={!step.canProceed}
          submitLoading={calls.running}
          submitBusy={throttle.busy || nextBusy}
        >
          <Button
            variant="default"
            onClick={() => (deepEquals(typed.current, saved) ? discard() : setDiscarding(true))}
            disabled={calls.running}
          >
            {text(PROFILE_MESSAGES.cancel)}
          </Button>
          {additionalPart && (
            <Button variant="subtle" onClick={() => openAdditional(typed.current, false)} disabled={calls.running} {...WRAPPING_LABEL}>
              {partText(document, PROFILE_PARTS.additionalInfo, 'open')}
            </Button>
          )}
        </DocumentForm>
      </div>
      {additionalPart && (
        <AdditionalInfoModal
          opened={additionalOpen}
          part={additionalPart}
          document={document}
          data={additional.data}
          context={context}
          onSave={saveAdditional}
          onClose={() => setAdditionalOpen(false)}
        />
      )}
      <SsnRequiredModal document={document} opened={ssnRequired} onClose={closeSsnRequired} />
      <Modal opened={discarding} onClose={() => setDiscarding(false)} title={messages['discard-changes-title']} centered>
        <Stack>
          <Text size="sm">{messages['discard-changes-text']}</Text>
          <Group>
            <Button color="red" onClick={discard}>
              {messages['discard-changes']}
            </Button>
            <Button variant="default" onClick={() => setDiscarding(false)} data-autofocus>
              {messages['keep-editing']}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal opened={missing.length > 0} onClose={() => setMissing([])} title={text(PROFILE_MESSAGES.missingFields)} centered>
        <List>
          {missing.map((field) => (
            <List.Item key={field.pointer}>
              <Text size="sm">{field.label}</Text>
            </List.Item>
          ))}
        </List>
      </Modal>
    </Stack>
  );
}
