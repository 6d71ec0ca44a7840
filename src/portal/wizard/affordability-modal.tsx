/**
 * 'Calculate Subsidy' (the ICHRA affordability check): a modal with the affordability form document (household
 * income and size, rendered by the engine's DocumentForm), which asks POST /api/Affordability and shows its
 * numbers (the lowest-cost silver plan and its self-only premium, the allowance, the employee's cost, the required
 * percentage and the threshold) and its verdict in plain words. Every text comes from the document or, for the
 * catalogue's notices (no plans for a state, estimated rates), from schemas/messages/en.json.
 */
import { Alert, Button, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { FieldErrors } from '#contracts/api.ts';
import type { AffordabilityAnswer } from '#contracts/entities.ts';
import { fillMessage } from '#contracts/messages.ts';
import { formatCents } from '#domain/values/money.ts';
import { DocumentForm, useDocument, type FormData } from '#engine/react/index.ts';
import { api } from '../api/api-client.ts';
import { locale, messages } from '../messages.ts';

export const AFFORDABILITY_FORM = 'affordability';

type Props = {
  opened: boolean;
  onClose: () => void;
  accountid: string;
  effectiveDate: string;
};

export function AffordabilityModal({ opened, onClose, accountid, effectiveDate }: Props) {
  const { document } = useDocument('form', AFFORDABILITY_FORM, accountid);
  const [data, setData] = useState<FormData>({});
  const [answer, setAnswer] = useState<AffordabilityAnswer | null>(null);
  const [serverErrors, setServerErrors] = useState<FieldErrors | undefined>();
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (values: FormData) => {
    setBusy(true);
    setFailed(false);
    const reply = await api.post<AffordabilityAnswer>('/api/Affordability', { effectivedate: effectiveDate, ...values });
    setBusy(false);
    if (reply.success) {
      setAnswer(reply.data);
      setServerErrors(undefined);
    } else {
      setAnswer(null);
      setServerErrors(reply.fieldErrors);
      setFailed(!reply.fieldErrors);
    }
  };

  const text = (key: string, values: Record<string, string | number> = {}) => fillMessage(document?.messages[key] ?? '', values);
  return (
    <Modal opened={opened} onClose={onClose} title={document?.title ?? ''} size="lg">
      {!document ? (
        <Loader aria-label={messages['loading']} />
      ) : (
        <Stack gap="md">
          <Text size="sm">{text('intro')}</Text>
          <DocumentForm
            document={document}
            formData={data}
            context={{}}
            onChange={setData}
            onSubmit={(values) => void submit(values)}
            serverErrors={serverErrors}
            submitText={text('submit')}
            submitLoading={busy}
          >
            <Button variant="default" onClick={onClose}>
              {text('close')}
            </Button>
          </DocumentForm>
          {failed && (
            <Alert color="red" role="alert">
              {text('failed')}
            </Alert>
          )}
          {answer && <AffordabilityResult answer={answer} text={text} />}
        </Stack>
      )}
    </Modal>
  );
}

function AffordabilityResult({ answer, text }: { answer: AffordabilityAnswer; text: (key: string, values?: Record<string, string | number>) => string }) {
  const notice = answer.estimated && answer.ratesyear !== null ? fillMessage(messages['plans-estimated-rates'], { planYear: answer.planyear, ratesYear: answer.ratesyear }) : null;
  if (answer.status === 'no-plan-data' || answer.verdict === null) {
    return (
      <Alert color="yellow" role="status" data-testid="affordability-result">
        {answer.statewithoutplans ? fillMessage(messages['plans-none-for-state'], { state: answer.statewithoutplans }) : text('no-plan-data')}
      </Alert>
    );
  }
  const money = (cents: number | null) => (cents === null ? '' : formatCents(cents, locale));
  const rows: Array<[string, string]> = [
    [text('silver-plan'), answer.silverplan ? `${answer.silverplan.planname} (${answer.silverplan.issuername})` : ''],
    [text('silver-premium'), money(answer.selfonlypremium)],
    [text('allowance'), money(answer.allowance)],
    [text('employee-cost'), money(answer.employeecost)],
    [text('required-percent', { year: answer.percentyear ?? '' }), `${answer.requiredpercent ?? ''}%`],
    [text('threshold', { percent: answer.requiredpercent ?? '', monthly: money(answer.monthlyincome) }), money(answer.threshold)],
  ];
  return (
    <Stack gap="sm" data-testid="affordability-result">
      <Table>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row">{label}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Alert color={answer.verdict === 'may-decline' ? 'blue' : 'teal'} role="status">
        {text(`verdict-${answer.verdict}`, { cost: money(answer.employeecost), threshold: money(answer.threshold) })}
      </Alert>
      {answer.percentofpoverty !== null && answer.povertyguideline !== null && (
        <Text size="sm">
          {text('poverty', { percent: answer.percentofpoverty, year: answer.planyear - 1, size: answer.householdsize, guideline: money(answer.povertyguideline) })}
        </Text>
      )}
      {notice && (
        <Text size="sm" c="dimmed">
          {notice}
        </Text>
      )}
    </Stack>
  );
}

/** The 'Calculate Subsidy' button and its modal, for the contributions screen. */
export function CalculateSubsidyButton({ accountid, effectiveDate }: { accountid: string; effectiveDate: string | undefined }) {
  const [opened, setOpened] = useState(false);
  const { document } = useDocument('form', AFFORDABILITY_FORM, accountid);
  if (!effectiveDate || !document) return null;
  return (
    <Group>
      <Button variant="light" onClick={() => setOpened(true)}>
        {document.title}
      </Button>
      {opened && <AffordabilityModal opened onClose={() => setOpened(false)} accountid={accountid} effectiveDate={effectiveDate} />}
    </Group>
  );
}
