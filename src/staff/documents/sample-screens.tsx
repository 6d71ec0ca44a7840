/**
 * A flow's preview shows each step of the picked case as the employee sees it, with the sample employee's values
 * (preview-sample.ts), never placeholders: a step's forms are their documents rendered by the engine's
 * DocumentForm, filled with the sample's answers; the screens that read prices and plans (the shop, Flexible
 * Spending, Additional Services, the cart, step 2's contribution) show a read-only summary of the same sample
 * elections, amounts formatted by src/domain/values/money.ts. The employee's texts come from the documents and the
 * portal's catalogue of the preview's language; the console's own words are PREVIEW_WORDS.
 */
import { Button, Card, Center, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { enrollmentTotals, formatCents, type Cents } from '#domain/values/money.ts';
import { optionLabel } from '#engine/documents/index.ts';
import { type FormDocument, type JsonSchema, type ResolvedStep } from '#engine/runtime/index.ts';
import { DocumentForm, useDocument, type FormData, type StepScreenProps } from '#engine/react/index.ts';
import { locale, messages, type MessageKey } from '#web/messages.ts';
import { useWizard } from '#web/wizard/wizard-context.tsx';
import { SAMPLE_ELECTIONS, SAMPLE_FAMILY, sampleEffectiveDate, samplePlan, type SamplePlan } from './preview-sample.ts';

/** The console's own words in a flow's preview (the employee's texts are the documents' and the catalogue's). */
export const PREVIEW_WORDS = {
  sampleNote: 'Sample values of a made-up employee: what this step shows with them.',
  nextStep: 'Next step',
  formUnavailable: 'This form shows here once it is published.',
} as const;

/** The case a flow's preview walks: its steps as evaluated, and the employee's choice. */
export type SampleCase = { steps: ResolvedStep[]; choice: { option: 'buy' | 'waive'; planHsaEligible: boolean } };

export const SampleCaseContext = createContext<SampleCase | null>(null);

function useSampleCase(): SampleCase {
  const sampleCase = useContext(SampleCaseContext);
  if (!sampleCase) throw new Error('A sample step needs the case it is a step of.');
  return sampleCase;
}

const walks = (steps: ResolvedStep[], id: string) => steps.some((step) => step.id === id || step.substeps.some((sub) => sub.id === id));

/** What the sample employee elects in a case: the plan, the HSA deposit and the service only where their steps are walked. */
export type SampleElections = { waiving: boolean; plan: SamplePlan | null; hsaCents: Cents; service: typeof SAMPLE_ELECTIONS.service | null; contributionCents: Cents };

export function sampleElections({ steps, choice }: SampleCase): SampleElections {
  const waiving = choice.option === 'waive';
  return {
    waiving,
    plan: waiving ? null : samplePlan(choice.planHsaEligible),
    hsaCents: walks(steps, 'flexible-spending') ? SAMPLE_ELECTIONS.hsaMonthlyCents : 0,
    service: walks(steps, 'additional-services') ? SAMPLE_ELECTIONS.service : null,
    // A waiver receives no employer contribution (ICHRA pays only toward individual coverage).
    contributionCents: waiving ? 0 : SAMPLE_ELECTIONS.contributionCents,
  };
}

/** The lines and totals of the sample cart, with enrollmentTotals's rules (the HSA deposit never draws on the contribution). */
export function sampleCart(elections: SampleElections) {
  const { plan, service, hsaCents, contributionCents } = elections;
  const totals = enrollmentTotals({ premiumCents: plan?.premiumCents ?? 0, serviceCents: service?.costCents ?? 0, hsaCents, contributionCents });
  const lines: Array<{ label: MessageKey; detail: string; cents: Cents }> = [];
  if (plan) lines.push({ label: 'cart-line-plan', detail: `${plan.issuername} · ${plan.planname}`, cents: plan.premiumCents });
  if (elections.waiving) lines.push({ label: 'cart-line-waive', detail: '', cents: 0 });
  if (hsaCents > 0) lines.push({ label: 'cart-line-hsa', detail: '', cents: hsaCents });
  if (service) lines.push({ label: 'cart-line-service', detail: `${service.productname} · ${service.option}`, cents: service.costCents });
  const sums: Array<{ label: MessageKey; cents: Cents }> = [
    { label: 'cart-total-spent', cents: totals.spentCents },
    { label: 'cart-total-contribution', cents: contributionCents },
    { label: 'cart-total-remaining', cents: totals.currentBalanceCents },
    { label: 'cart-total-payroll-coverage', cents: totals.premiumDeductionCents },
    ...(hsaCents > 0 ? [{ label: 'cart-total-payroll-hsa' as const, cents: totals.hsaDeductionCents }] : []),
  ];
  return { lines, sums, totals };
}

/** The sample's answer to a form's field, by the field's name (the member's own fields from the sample member). */
function sampleAnswers(document: FormDocument, sample: Record<string, unknown>): FormData {
  const fields = Object.keys((document.schema.properties ?? {}) as Record<string, unknown>);
  return Object.fromEntries(fields.filter((field) => sample[field] !== undefined && sample[field] !== null).map((field) => [field, sample[field]]));
}

/** A form's schema with the sample's one effective date as its choice, as step 2 offers the server's dates. */
function withSampleDate(document: FormDocument, date: string): JsonSchema | undefined {
  const properties = (document.schema.properties ?? {}) as Record<string, JsonSchema>;
  const field = properties['effectivedate'];
  return field ? { ...document.schema, properties: { ...properties, effectivedate: { ...field, enum: [date] } } } : undefined;
}

function SampleForm({ formId, sample, context }: { formId: string; sample: Record<string, unknown>; context: Record<string, unknown> }) {
  const { document, error } = useDocument('form', formId, 'preview');
  const date = typeof sample['effectivedate'] === 'string' ? sample['effectivedate'] : '';
  const formData = useMemo(() => (document ? sampleAnswers(document, sample) : {}), [document, sample]);
  // A form the preview cannot load (an own form not yet published) is named, not awaited forever.
  if (!document && error) {
    return (
      <Text size="sm" c="dimmed" lang="en">
        {PREVIEW_WORDS.formUnavailable}
      </Text>
    );
  }
  if (!document) {
    return (
      <Center py="md">
        <Loader size="sm" aria-label={messages['loading']} />
      </Center>
    );
  }
  return (
    <Stack gap="sm">
      {document.title && <Title order={3}>{document.title}</Title>}
      <DocumentForm
        document={document}
        renderedSchema={withSampleDate(document, date)}
        formData={formData}
        context={context}
        onChange={() => undefined}
        onSubmit={() => undefined}
        withoutSubmit
      />
    </Stack>
  );
}

function Amount({ label, cents }: { label: string; cents: Cents }) {
  return (
    <Group justify="space-between" gap="md">
      <Text>{label}</Text>
      <Text fw={600}>{formatCents(cents, locale)}</Text>
    </Group>
  );
}

function PlanCard({ plan }: { plan: SamplePlan }) {
  return (
    <Card withBorder padding="sm" component="section" aria-label={plan.planname}>
      <Stack gap={4}>
        <Text fw={700}>{plan.planname}</Text>
        <Text size="sm">{`${messages['carrier']}: ${plan.issuername}`}</Text>
        <Text size="sm">{`${messages['plan-type']}: ${plan.plantype}`}</Text>
        <Text size="sm">{`${messages['metal-tier']}: ${messages[plan.metallevel === 'Bronze' ? 'metal-bronze' : 'metal-silver']}`}</Text>
        {plan.hsaEligible && <Text size="sm">{messages['hsa-eligible']}</Text>}
        <Amount label={messages['row-monthly-premium']} cents={plan.premiumCents} />
      </Stack>
    </Card>
  );
}

function CartSummary({ elections, waiverReason }: { elections: SampleElections; waiverReason: string | null }) {
  const { lines, sums } = sampleCart(elections);
  return (
    <Stack gap="sm">
      <Table withTableBorder aria-label={messages['cart-purchase-summary']}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{messages['cart-column-item']}</Table.Th>
            <Table.Th ta="right">{messages['cart-column-cost']}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => (
            <Table.Tr key={line.label}>
              <Table.Td>
                <Text fw={600}>{messages[line.label]}</Text>
                {(line.detail || (line.label === 'cart-line-waive' && waiverReason)) && <Text size="sm">{line.detail || waiverReason}</Text>}
              </Table.Td>
              <Table.Td ta="right">{formatCents(line.cents, locale)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Table withTableBorder aria-label={messages['cart-totals']} maw={520}>
        <Table.Tbody>
          {sums.map((sum) => (
            <Table.Tr key={sum.label}>
              <Table.Td>{messages[sum.label]}</Table.Td>
              <Table.Td ta="right">{formatCents(sum.cents, locale)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {elections.waiving && <Text size="sm">{messages['cart-waive-meaning']}</Text>}
      {elections.hsaCents > 0 && <Text size="sm">{messages['cart-hsa-apart']}</Text>}
    </Stack>
  );
}

/** The waiver reason as the waiver form shows the sample's value, in the preview's language. */
function useWaiverReason(waiving: boolean): string | null {
  const { document } = useDocument('form', waiving ? 'waiver' : undefined, 'preview');
  return document ? optionLabel(document, 'waivecoveragereason', SAMPLE_ELECTIONS.waiverReason) : null;
}

/** The read-only summary of a screen that reads prices and plans, from the sample elections. */
function ScreenSummary({ screen, elections }: { screen: string | undefined; elections: SampleElections }) {
  const waiverReason = useWaiverReason(elections.waiving && screen === 'cart');
  let summary: ReactNode = null;
  if (screen === 'contributions') summary = <Amount label={messages['cart-total-contribution']} cents={elections.contributionCents} />;
  if (screen === 'shop-health-plans' && elections.plan) summary = <PlanCard plan={elections.plan} />;
  if (screen === 'flexible-spending') summary = <Amount label={messages['hsa-amount']} cents={SAMPLE_ELECTIONS.hsaMonthlyCents} />;
  if (screen === 'additional-services') {
    const { service } = SAMPLE_ELECTIONS;
    summary = <Amount label={`${service.productname} · ${messages['service-price-option']}: ${service.option}`} cents={service.costCents} />;
  }
  if (screen === 'cart') summary = <CartSummary elections={elections} waiverReason={waiverReason} />;
  return summary;
}

/**
 * The forms a step shows: a sub-step's own, and on a major step's first sub-step the major step's form too (its
 * screen shows it, as step 2's health option is shown with the waiver).
 */
function formsOf(step: ResolvedStep, major: ResolvedStep): string[] {
  const own = step.form ? [step.form] : [];
  return step !== major && major.form && major.substeps[0]?.id === step.id ? [major.form, ...own] : own;
}

/** A step of the picked case with the sample's values, and the console's Next step to walk on. */
export function SampleStep({ step, major, next }: StepScreenProps) {
  const sampleCase = useSampleCase();
  const { member, today } = useWizard();
  const elections = useMemo(() => sampleElections(sampleCase), [sampleCase]);
  const cart = sampleCart(elections);
  const date = sampleEffectiveDate(today);
  const sample = useMemo(
    () => ({
      ...member,
      dependents: SAMPLE_FAMILY,
      effectivedate: date,
      healthoption: sampleCase.choice.option,
      waivecoveragereason: SAMPLE_ELECTIONS.waiverReason,
      ichracertified: true,
      deductionacknowledged: cart.totals.payrollDeductionCents > 0,
    }),
    [member, date, sampleCase.choice.option, cart.totals.payrollDeductionCents],
  );
  const context = useMemo(
    () => ({ today, effectiveDates: [date], payrollDeductionCents: cart.totals.payrollDeductionCents }),
    [today, date, cart.totals.payrollDeductionCents],
  );
  const last = sampleCase.steps.at(-1);
  const isLast = last !== undefined && (last.substeps.at(-1)?.id ?? last.id) === step.id;
  return (
    <Stack gap="md">
      <Title order={2}>{step.title}</Title>
      <Text size="sm" c="dimmed" lang="en">
        {PREVIEW_WORDS.sampleNote}
      </Text>
      <ScreenSummary screen={step.screen} elections={elections} />
      {formsOf(step, major).map((formId) => (
        <SampleForm key={formId} formId={formId} sample={sample} context={context} />
      ))}
      {!isLast && step.canProceed && major.canProceed && (
        <Button variant="default" onClick={next} w="fit-content" lang="en">
          {PREVIEW_WORDS.nextStep}
        </Button>
      )}
    </Stack>
  );
}
