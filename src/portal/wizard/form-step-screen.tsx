/**
 * The one screen of every step that is only a form: a step that names a form document and no screen of its own
 * (flows/enrollment.flow.json), so an employer's override can add such a step with a form document and a flow
 * entry, without code. The heading is the document's title; the form's data starts as the answer of the step's
 * first load call (empty without one); Next checks the form with its document, runs the step's submit calls with
 * the data (scope `data`) and goes on when they succeed. A refused call shows its message and marks the fields it
 * names; a call lost on the network offers Retry.
 */
import { firstMessage } from '#engine/runtime/index.ts';
import type { FieldErrors, FormDocument } from '#engine/runtime/types.ts';
import { DocumentForm, useCalls, useDocument, useLoadCalls, type FormData, type StepScreenProps } from '#engine/react/index.ts';
import { isSessionEnded, isUnreachable } from '#portal/api/api-client.ts';
import { failureMessage, RetryAlert } from '#portal/layout/feedback/retry-alert.tsx';
import { showError } from '#portal/layout/feedback/toast.tsx';
import { messages } from '#portal/messages.ts';
import { Center, Loader, Stack, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { callScope, useWizard } from './wizard-context.tsx';

export function FormStepScreen({ step, next, nextBusy }: StepScreenProps) {
  const wizard = useWizard();
  const { document, error, retry: retryDocument } = useDocument('form', step.form, wizard.member.accountid);
  const load = useLoadCalls(step.calls?.load, callScope(wizard));
  const first = step.calls?.load?.[0]?.id;
  const loaded = first === undefined ? {} : (load.loaded[first] as FormData | undefined);
  const failed = load.loading ? null : failureMessage(load.errors);

  if (error) return <RetryAlert message={(error as { message?: string }).message ?? messages['something-wrong']} onRetry={retryDocument} />;
  if (failed && !loaded) return <RetryAlert message={failed} onRetry={load.retry} />;
  if (!document || !loaded) {
    return (
      <Center py="xl">
        <Loader aria-label={messages['loading']} />
      </Center>
    );
  }
  return <FormStep document={document} initial={loaded} step={step} next={next} nextBusy={nextBusy} />;
}

type FormStepProps = { document: FormDocument; initial: FormData; step: StepScreenProps['step']; next: () => void; nextBusy: boolean };

function FormStep({ document, initial, step, next, nextBusy }: FormStepProps) {
  const wizard = useWizard();
  const [data, setData] = useState<FormData>(initial);
  const [serverErrors, setServerErrors] = useState<FieldErrors | undefined>(undefined);
  const [unreachable, setUnreachable] = useState<string | null>(null);
  const calls = useCalls(step.calls?.submit);
  const context = useMemo(() => ({ today: wizard.today }), [wizard.today]);

  const save = async (values: FormData) => {
    setServerErrors(undefined);
    setUnreachable(null);
    const outcome = await calls.run(callScope(wizard, { data: values }));
    if (outcome.ok) {
      next();
      return;
    }
    // The session ended: the tab is on its way to sign in.
    if (isSessionEnded(outcome.answer)) return;
    if (isUnreachable(outcome.answer)) {
      setUnreachable(outcome.answer.message);
      return;
    }
    const errors = outcome.answer.fieldErrors ?? { '': [outcome.answer.message] };
    setServerErrors(errors);
    showError(firstMessage(errors) ?? outcome.answer.message);
  };

  return (
    <Stack gap="md">
      <Title order={2}>{document.title ?? step.title}</Title>
      {unreachable && <RetryAlert message={unreachable} onRetry={() => void save(data)} busy={calls.running} />}
      <DocumentForm
        document={document}
        formData={data}
        context={context}
        onChange={setData}
        onSubmit={(values) => void save(values)}
        serverErrors={serverErrors}
        submitText={messages['next']}
        submitDisabled={!step.canProceed}
        submitLoading={calls.running}
        submitBusy={nextBusy}
      />
    </Stack>
  );
}
