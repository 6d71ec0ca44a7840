/**
 * ICHRA Acknowledgment (spec §2, §5 ICHRA, §7 ICHRA documents): the employer's ICHRA documents, each a link named
 * from its file name that opens in a new tab (the document's no-documents text when there are none), and the
 * certification checkbox. A name staff wrote no Spanish for shows on a Spanish page as its English, marked lang="en". The documents are the answer of the step's declared load call (GET /api/media/getdocs,
 * folder the employer's account name, which this screen gives the call as loaded.employer); the heading, the
 * checkbox and its rule (its message when unticked) are the document the flow names for this step.
 * Logs ENTERED ICHRA ACKNOWLEDGEMENT on entry and ICHRA DOC ACKNOWLEDGEMENT COMPLETED when Next passes. The box's
 * value is kept with the wizard's choices: the cart sends it as Authorize's ichraacknowledged.
 */
import type { MediaDocument } from '#contracts/entities.ts';
import { validateForm } from '#engine/runtime/index.ts';
import type { FormDocument } from '#engine/runtime/types.ts';
import { nextBusyProps, DocumentForm, useDocument, useLoadCalls, type FormData, type StepScreenProps } from '#engine/react/index.ts';
import { langOf, messages } from '#portal/messages.ts';
import { Anchor, Button, Center, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { failureMessage, RetryAlert } from '#portal/layout/feedback/retry-alert.tsx';
import { useEffect, useMemo, useRef, useState } from 'react';
import { callScope, useWizard } from './wizard-context.tsx';

/** The id of the load call that lists the documents (flows/enrollment.flow.json). */
const DOCUMENTS_CALL = 'ichra-documents';

export function IchraAcknowledgmentScreen({ step, next, nextBusy }: StepScreenProps) {
  const wizard = useWizard();
  const { document } = useDocument('form', step.form, wizard.member.accountid);
  const scope = useMemo(
    () =>
      callScope(wizard, {
        loaded: { member: wizard.member, dependents: { dependents: wizard.dependents }, employer: wizard.employer },
      }),
    [wizard.member, wizard.dependents, wizard.employer],
  );
  const documents = useLoadCalls(step.calls?.load, scope);

  const logged = useRef(false);
  useEffect(() => {
    if (logged.current) return;
    logged.current = true;
    void wizard.log('ENTERED ICHRA ACKNOWLEDGEMENT');
  }, []);

  if (!document) {
    return (
      <Center py="xl">
        <Loader aria-label={messages['loading']} />
      </Center>
    );
  }
  const listed = (documents.loaded[DOCUMENTS_CALL] as { documents: MediaDocument[] } | undefined)?.documents;
  const failed = documents.loading ? null : failureMessage(documents.errors, { networkOnly: true });
  if (failed && !listed) return <RetryAlert message={failed} onRetry={documents.retry} />;
  return <Acknowledgment document={document} documents={listed} loading={documents.loading} next={next} nextBusy={nextBusy} />;
}

type AcknowledgmentProps = {
  document: FormDocument;
  documents: MediaDocument[] | undefined;
  loading: boolean;
  next: () => void;
  nextBusy: boolean;
};

function Acknowledgment({ document, documents, loading, next, nextBusy }: AcknowledgmentProps) {
  const wizard = useWizard();
  // Kept with the wizard's choices (the tab's sessionStorage), so the cart sends the certification to Authorize.
  const data = wizard.choices.ichra;
  const setData = (ichra: FormData) => wizard.update((choices) => ({ ...choices, ichra }));
  const [checked, setChecked] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const context = useMemo(() => ({ today: wizard.today }), [wizard.today]);

  const proceed = () => {
    setChecked(true);
    if (Object.keys(validateForm(document, data, context, 'submit')).length > 0) {
      setFocusRequest((count) => count + 1);
      return;
    }
    void wizard.log('ICHRA DOC ACKNOWLEDGEMENT COMPLETED');
    next();
  };

  return (
    <Stack gap="md">
      <Title order={2}>{document.title}</Title>
      <Stack gap={4}>
        <Text fw={600}>{document.messages['documents']}</Text>
        {loading ? (
          <Loader size="sm" aria-label={messages['loading']} />
        ) : documents && documents.length > 0 ? (
          <List>
            {documents.map((item) => (
              <List.Item key={item.filename}>
                <Anchor href={item.url} target="_blank" rel="noopener noreferrer" lang={langOf(item.namelang)}>
                  {item.name}
                </Anchor>
              </List.Item>
            ))}
          </List>
        ) : (
          <Text>{document.messages['no-documents']}</Text>
        )}
      </Stack>
      <DocumentForm
        document={document}
        formData={data}
        context={context}
        onChange={setData}
        onSubmit={proceed}
        withoutSubmit
        showAllErrors={checked}
        focusRequest={focusRequest}
      />
      <Group>
        <Button onClick={proceed} {...nextBusyProps(nextBusy)}>
          {messages['next']}
        </Button>
      </Group>
    </Stack>
  );
}
