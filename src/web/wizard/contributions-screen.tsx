/**
 * Step 2, Contributions (spec §2, §4): the effective date (the employer's choices), the employer's monthly
 * contribution in a circle (the class-aware call), the dependents read-only (birthdates read like the effective
 * dates), and the health option. Choosing to waive loads the waived contribution and shows the waiver form. Next
 * checks both forms with their documents.
 */
import { padDependentBirthdates } from '#domain/contribution.ts';
import { effectiveDateChoices } from '#domain/effective-dates.ts';
import { dollarsToCents, formatCents } from '#domain/money.ts';
import { validateForm } from '#engine/core/index.ts';
import type { FormDocument } from '#engine/core/types.ts';
import { DocumentForm, useDocument, type FormData, type StepScreenProps } from '#engine/react/index.ts';
import { swrFetcher } from '#web/api/api-client.ts';
import { Button, Center, Group, List, Loader, RingProgress, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import useSWR from 'swr';
import {
  EFFECTIVE_DATE_FIELD,
  effectiveDate,
  HEALTH_OPTION_FIELD,
  healthOption,
  useWizard,
  type WizardShared,
} from './wizard-context.tsx';

export const CONTRIBUTIONS_FORM = 'contributions';
export const WAIVER_FORM = 'waiver';

/** Screen texts beside the form (the form's own texts, heading included, come from the documents). */
export const CONTRIBUTIONS_TEXTS = {
  contribution: 'Employer Monthly Contribution',
  dependents: 'Dependents',
  noDependents: 'No dependents',
  next: 'Next',
} as const;

const toCents = (dollars: unknown) => (typeof dollars === 'number' ? dollarsToCents(dollars.toFixed(2)) : null);
const segment = (value: string | null | undefined) => encodeURIComponent(value || 'empty');

/** GET path of the class-aware monthly contribution (docs/api.md), or null while a part is unknown. */
export function contributionPath(shared: Pick<WizardShared, 'member' | 'dependents'>, date: string | null): string | null {
  const { member, dependents } = shared;
  const dob = member.birthdate?.slice(0, 10);
  if (!date || !dob || !member.stateorprovince) return null;
  const family = padDependentBirthdates(dependents.map((dependent) => dependent.dateofbirth?.slice(0, 10)));
  return [
    '/api/EmployerContribution/GetMonthlyEmployerContributionWithClass',
    member.accountid,
    date,
    dob,
    member.stateorprovince,
    member.contributionclass || 'empty',
    ...family,
  ]
    .map((part, index) => (index === 0 ? part : segment(part)))
    .join('/');
}

export function waivedContributionPath(shared: Pick<WizardShared, 'member'>, date: string | null): string | null {
  const { member } = shared;
  const dob = member.birthdate?.slice(0, 10);
  if (!date || !dob || !member.stateorprovince) return null;
  return ['/api/EmployerContribution/GetWaivedContribution', member.accountid, date, dob, member.stateorprovince]
    .map((part, index) => (index === 0 ? part : segment(part)))
    .join('/');
}

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** An ISO date as a person reads it: 'January 1, 2027'. */
function readableDate(iso: string): string {
  return longDate.format(new Date(`${iso}T00:00:00Z`));
}

/** The document with the effective date limited to the employer's choices, each shown as a person reads it. */
function withDateChoices(document: FormDocument, choices: string[]): FormDocument {
  const properties = (document.schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  const field = properties[EFFECTIVE_DATE_FIELD];
  if (!field || choices.length === 0) return document;
  const ui = (document.uiSchema ?? {}) as Record<string, Record<string, unknown> | undefined>;
  return {
    ...document,
    schema: { ...document.schema, properties: { ...properties, [EFFECTIVE_DATE_FIELD]: { ...field, enum: choices } } },
    uiSchema: { ...ui, [EFFECTIVE_DATE_FIELD]: { ...ui[EFFECTIVE_DATE_FIELD], 'ui:enumNames': choices.map(readableDate) } },
  };
}

/**
 * The flow shows this screen once, as major step 2's sub-step 'choice' (tab I of the row step 3 continues); the
 * tab and the step indicator both lead back to it.
 */
export function ContributionsScreen({ next }: StepScreenProps) {
  const wizard = useWizard();
  const contributions = useDocument('form', CONTRIBUTIONS_FORM, wizard.member.accountid);
  const waiver = useDocument('form', WAIVER_FORM, wizard.member.accountid);
  if (!contributions.document || !waiver.document) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  return <Contributions document={contributions.document} waiver={waiver.document} next={next} />;
}

function Contributions({ document, waiver, next }: { document: FormDocument; waiver: FormDocument; next: () => void }) {
  const wizard = useWizard();
  const { employer, today, choices, update } = wizard;
  const dates = useMemo(
    () =>
      effectiveDateChoices(today, {
        edocPeriod: employer.edoc_period,
        planYearStart: employer.planyearstart,
        planYearEnd: employer.planyearend,
      }),
    [today, employer],
  );
  const shownDocument = useMemo(() => withDateChoices(document, dates), [document, dates]);
  const [checked, setChecked] = useState(false);
  const context = useMemo(() => ({ today, effectiveDates: dates }), [today, dates]);
  const option = healthOption(choices);
  const date = effectiveDate(choices);

  const logged = useRef(false);
  useEffect(() => {
    if (logged.current) return;
    logged.current = true;
    if (Object.keys(choices.contributions).length === 0) {
      update((current) => ({
        ...current,
        contributions: { [EFFECTIVE_DATE_FIELD]: dates[0], [HEALTH_OPTION_FIELD]: 'buy' },
      }));
    }
    void wizard.log('SELECT CONTRIBUTION PAGE');
  }, []);

  const contribution = useSWR<number>(contributionPath(wizard, date), swrFetcher);
  const waived = useSWR<number>(option === 'waive' ? waivedContributionPath(wizard, date) : null, swrFetcher);
  useEffect(() => {
    update((current) => ({
      ...current,
      contributionCents: toCents(contribution.data),
      waivedContributionCents: option === 'waive' ? toCents(waived.data) : null,
    }));
  }, [contribution.data, waived.data, option]);

  const changeContributions = (data: FormData) => {
    const before = healthOption(choices);
    update((current) => ({ ...current, contributions: data }));
    const after = data[HEALTH_OPTION_FIELD] === 'waive' ? 'waive' : 'buy';
    if (after !== before) void wizard.log('HEALTH PLAN OPTION SELECTED');
  };

  const proceed = () => {
    setChecked(true);
    const own = validateForm(shownDocument, choices.contributions, context, 'submit');
    const waiving = option === 'waive' ? validateForm(waiver, choices.waiver, context, 'submit') : {};
    if (Object.keys(own).length === 0 && Object.keys(waiving).length === 0) next();
  };

  const shownCents = option === 'waive' ? choices.waivedContributionCents : choices.contributionCents;
  return (
    <Stack gap="md">
      <Title order={2}>{document.title}</Title>
      <Group align="flex-start" gap="xl" wrap="wrap">
        <Stack flex={1} miw={280}>
          <DocumentForm
            document={shownDocument}
            formData={choices.contributions}
            context={context}
            onChange={changeContributions}
            onSubmit={proceed}
            withoutSubmit
            showAllErrors={checked}
          />
          {option === 'waive' && (
            <DocumentForm
              document={waiver}
              formData={choices.waiver}
              context={context}
              onChange={(data) => update((current) => ({ ...current, waiver: data }))}
              onSubmit={proceed}
              withoutSubmit
              showAllErrors={checked}
            />
          )}
        </Stack>
        <Stack align="center" gap={4}>
          <RingProgress
            size={180}
            thickness={14}
            sections={[{ value: 100, color: 'teal' }]}
            label={
              <Text ta="center" fw={700} size="lg" data-testid="contribution-amount">
                {shownCents === null ? '—' : formatCents(shownCents)}
              </Text>
            }
          />
          <Text size="sm" ta="center">
            {CONTRIBUTIONS_TEXTS.contribution}
          </Text>
        </Stack>
      </Group>
      <Stack gap={4}>
        <Text fw={600}>{CONTRIBUTIONS_TEXTS.dependents}</Text>
        {wizard.dependents.length === 0 ? (
          <Text size="sm">{CONTRIBUTIONS_TEXTS.noDependents}</Text>
        ) : (
          <List size="sm">
            {wizard.dependents.map((dependent) => (
              <List.Item key={dependent.id}>
                {`${dependent.firstname} ${dependent.lastname} (${dependent.relationship}, ${dependent.dateofbirth ? readableDate(dependent.dateofbirth.slice(0, 10)) : ''})`}
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
      <Group>
        <Button onClick={proceed}>{CONTRIBUTIONS_TEXTS.next}</Button>
      </Group>
    </Stack>
  );
}
