/**
 * A flow's preview shows each step of the picked case as the employee sees it, with the sample employee's values
 * (preview-sample.ts), never placeholders. The member wizard's screens that read plans and prices (the shop,
 * Flexible Spending, Additional Services, the cart) are shown as they are (previewedScreen), on what the server
 * figures for the sample (the plans at their ZIP priced for them, their HSA limit, the employer's services and
 * contribution) and the sample's elections in the wizard's choices, which their buttons change in the preview only.
 * Every other step shows its forms, rendered by the engine's DocumentForm and filled with the sample's answers;
 * step 2's screen shows the employer's contribution for the sample beside them. The employee's texts come from the
 * documents and the portal's catalogue of the preview's language; the console's own words are PREVIEW_WORDS.
 */
import { Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { createContext, useContext, useMemo, type ComponentType } from 'react';
import { formatCents, type Cents } from '#domain/values/money.ts';
import type { FormDocument, JsonSchema, ResolvedStep } from '#engine/runtime/index.ts';
import { DocumentForm, useDocument, type FormData, type StepScreenProps } from '#engine/react/index.ts';
import { locale, messages } from '#portal/messages.ts';
import { cartSummary } from '#portal/wizard/cart/cart-summary.ts';
import { useWizard } from '#portal/wizard/wizard-context.tsx';
import { SAMPLE_ELECTIONS, SAMPLE_FAMILY, sampleEffectiveDate } from './preview-sample.ts';

/** The console's own words in a flow's preview (the employee's texts are the documents' and the catalogue's). */
export const PREVIEW_WORDS = {
  sampleNote: 'Sample values of a made-up employee: what this step shows with them.',
  screenNote: "This is a preview: the employee's screen with the server's figures for a made-up employee. What its buttons do stays in the preview; nothing is sent or saved.",
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

/**
 * A member wizard's screen as the preview shows it: the screen itself, on the wizard's choices and the sample's
 * figures, under the console's note that it is a preview.
 */
export function previewedScreen(Screen: ComponentType<StepScreenProps>): ComponentType<StepScreenProps> {
  function Previewed(props: StepScreenProps) {
    return (
      <Stack gap="md">
        <Text size="sm" c="dimmed" lang="en">
          {PREVIEW_WORDS.screenNote}
        </Text>
        <Screen {...props} />
      </Stack>
    );
  }
  Previewed.displayName = `Previewed(${Screen.displayName ?? Screen.name})`;
  return Previewed;
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

/** Step 2's screen reads the employer's contribution for the date: the sample's, beside step 2's forms. */
const CONTRIBUTIONS_SCREEN = 'contributions';

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
  const { member, today, choices } = useWizard();
  const { totals } = useMemo(() => cartSummary(choices), [choices]);
  const date = sampleEffectiveDate(today);
  const sample = useMemo(
    () => ({
      ...member,
      dependents: SAMPLE_FAMILY,
      effectivedate: date,
      healthoption: sampleCase.choice.option,
      waivecoveragereason: SAMPLE_ELECTIONS.waiverReason,
      ichracertified: true,
      deductionacknowledged: totals.payrollDeductionCents > 0,
    }),
    [member, date, sampleCase.choice.option, totals.payrollDeductionCents],
  );
  const context = useMemo(
    () => ({ today, effectiveDates: [date], payrollDeductionCents: totals.payrollDeductionCents }),
    [today, date, totals.payrollDeductionCents],
  );
  const last = sampleCase.steps.at(-1);
  const isLast = last !== undefined && (last.substeps.at(-1)?.id ?? last.id) === step.id;
  return (
    <Stack gap="md">
      <Title order={2}>{step.title}</Title>
      <Text size="sm" c="dimmed" lang="en">
        {PREVIEW_WORDS.sampleNote}
      </Text>
      {step.screen === CONTRIBUTIONS_SCREEN && <Amount label={messages['cart-total-contribution']} cents={totals.contributionCents} />}
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
