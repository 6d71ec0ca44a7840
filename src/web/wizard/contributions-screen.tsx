/**
 * Step 2, Contributions (spec §2, §4): the effective date (the employer's choices), the employer's monthly
 * contribution in a circle, the dependents read-only (birthdates read like the effective dates), and the health
 * option. Choosing to waive shows the waiver form. The step's declared load calls read the employer, the
 * class-aware contribution and, when waiving, the waived contribution; this screen gives them the dependents'
 * birthdates padded to the call's slots (padDependentBirthdates). Next checks both forms with their documents.
 */
import type { Employer } from '#contracts/entities.ts';
import { padDependentBirthdates } from '#domain/contribution.ts';
import { effectiveDateChoices } from '#domain/effective-dates.ts';
import { dollarsToCents, formatCents } from '#domain/money.ts';
import { validateForm } from '#engine/core/index.ts';
import type { FormDocument } from '#engine/core/types.ts';
import { DocumentForm, useDocument, useLoadCalls, type FormData, type StepScreenProps } from '#engine/react/index.ts';
import { Button, Center, Group, List, Loader, RingProgress, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { CalculateSubsidyButton } from './affordability-modal.tsx';
import {
  callScope,
  EFFECTIVE_DATE_FIELD,
  HEALTH_OPTION_FIELD,
  healthOption,
  useWizard,
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

/** The ids of the load calls whose answers this screen reads (flows/enrollment.flow.json). */
const LOADED = { employer: 'employer', contribution: 'contribution', waived: 'waived-contribution' } as const;

const toCents = (dollars: unknown) => (typeof dollars === 'number' ? dollarsToCents(dollars.toFixed(2)) : null);

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
 * tab and the step indicator both lead back to it. The major step declares the contributions form and its load
 * calls.
 */
export function ContributionsScreen({ major, next }: StepScreenProps) {
  const wizard = useWizard();
  const contributions = useDocument('form', CONTRIBUTIONS_FORM, wizard.member.accountid);
  const waiver = useDocument('form', WAIVER_FORM, wizard.member.accountid);
  const dependentBirthdates = useMemo(
    () => padDependentBirthdates(wizard.dependents.map((dependent) => dependent.dateofbirth?.slice(0, 10))),
    [wizard.dependents],
  );
  const { loaded } = useLoadCalls(
    major.calls?.load,
    callScope(wizard, { data: wizard.choices.contributions, screens: { contributions: { dependentBirthdates } } }),
  );
  const employer = loaded[LOADED.employer] as Employer | undefined;
  if (!contributions.document || !waiver.document || !employer) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  return (
    <Contributions
      document={contributions.document}
      waiver={waiver.document}
      employer={employer}
      loaded={loaded}
      next={next}
    />
  );
}

type ContributionsProps = {
  document: FormDocument;
  waiver: FormDocument;
  employer: Employer;
  loaded: Record<string, unknown>;
  next: () => void;
};

function Contributions({ document, waiver, employer, loaded, next }: ContributionsProps) {
  const wizard = useWizard();
  const { today, choices, update } = wizard;
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

  const contribution = loaded[LOADED.contribution];
  const waived = loaded[LOADED.waived];
  useEffect(() => {
    update((current) => ({
      ...current,
      contributionCents: toCents(contribution),
      waivedContributionCents: option === 'waive' ? toCents(waived) : null,
    }));
  }, [contribution, waived, option]);

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
      <CalculateSubsidyButton accountid={employer.accountid} effectiveDate={choices.contributions[EFFECTIVE_DATE_FIELD] as string | undefined} />
      <Group>
        <Button onClick={proceed}>{CONTRIBUTIONS_TEXTS.next}</Button>
      </Group>
    </Stack>
  );
}
