/**
 * Step 2, Contributions (spec §2, §4): the effective date (the server's choices, GET /api/EffectiveDates), the
 * employer's monthly contribution in a circle (two decimals), the dependents read-only, and the health option
 * (Shop Off Exchange by default, or Not Buying Health Insurance). Choosing to waive shows the waiver form and clears
 * any plan; the circle then shows $0.00 and says that a waiver receives no employer contribution (an ICHRA pays only
 * toward individual coverage: docs/decisions/035-a-waiver-receives-no-contribution.md). The step's declared 'waived-contribution' call still loads the
 * spec's self-only amount, which no screen presents as paid. Changing the date clears the plan too. The step's declared load calls read the class-aware contribution; this screen gives them
 * the dependents' birthdates padded to the call's slots (the server checks them against the stored family). Events:
 * SELECT CONTRIBUTION PAGE on entering, HEALTH PLAN OPTION SELECTED on a change of option, each with the effective
 * date. Texts come from the contributions document. Next checks both forms with their documents.
 */
import { padDependentBirthdates } from '#domain/enrollment/contribution.ts';
import { formatCents } from '#domain/values/money.ts';
import { formatLongDate } from '#domain/values/dates.ts';
import { optionLabel } from '#engine/documents/index.ts';
import { validateForm } from '#engine/runtime/index.ts';
import type { FormDocument, JsonSchema } from '#engine/runtime/types.ts';
import { nextBusyProps, DocumentForm, useDocument, useLoadCalls, type FormData, type StepScreenProps } from '#engine/react/index.ts';
import { useEffectiveDates, useFormTexts } from '#portal/api/queries.ts';
import { locale, messages as catalogue } from '#portal/messages.ts';
import { Alert, Button, Center, Group, Loader, RingProgress, Stack, Table, Text, Title } from '@mantine/core';
import { failureMessage, RetryAlert } from '#portal/layout/feedback/retry-alert.tsx';
import { useEffect, useMemo, useRef, useState } from 'react';
import { CalculateSubsidyButton } from './affordability-modal.tsx';
import { DEPENDENT_FORM, RELATIONSHIP_FIELD, WAIVER_FORM } from './form-fields.ts';
import {
  callScope,
  EFFECTIVE_DATE_FIELD,
  HEALTH_OPTION_FIELD,
  healthOption,
  useWizard,
} from './wizard-context.tsx';

export const CONTRIBUTIONS_FORM = 'contributions';

/** The screen's own texts: keys of the contributions document's messages. */
const TEXT = {
  contribution: 'contribution-label',
  dependents: 'dependents-label',
  noDependents: 'no-dependents',
  name: 'dependent-name',
  relationship: 'dependent-relationship',
  birthdate: 'dependent-birthdate',
  noDates: 'no-effective-dates',
  waiverNoContribution: 'waiver-no-contribution',
} as const;

export const SELECT_CONTRIBUTION_PAGE = 'SELECT CONTRIBUTION PAGE';
export const HEALTH_PLAN_OPTION_SELECTED = 'HEALTH PLAN OPTION SELECTED';

/** The id of the load call whose answer this screen reads (flows/enrollment.flow.json). */
const CONTRIBUTION_CALL = 'contribution';

/** An ISO date as a person reads it, in the page's language ('January 1, 2027'). */
const readableDate = (iso: string) => formatLongDate(iso, locale);

/**
 * The document with each offered effective date labelled as a person reads it, and the schema the select is
 * rendered with: the date limited to the employer's choices. Validation keeps the document's own schema (compiled
 * ahead), whose rule refuses a date not offered.
 */
function withDateChoices(document: FormDocument, choices: string[]): { document: FormDocument; schema?: JsonSchema } {
  const properties = (document.schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  const field = properties[EFFECTIVE_DATE_FIELD];
  if (!field || choices.length === 0) return { document };
  const ui = (document.uiSchema ?? {}) as Record<string, Record<string, unknown> | undefined>;
  return {
    document: {
      ...document,
      uiSchema: { ...ui, [EFFECTIVE_DATE_FIELD]: { ...ui[EFFECTIVE_DATE_FIELD], 'ui:enumNames': choices.map(readableDate) } },
    },
    schema: { ...document.schema, properties: { ...properties, [EFFECTIVE_DATE_FIELD]: { ...field, enum: choices } } },
  };
}

/**
 * The flow shows this screen once, as major step 2's sub-step 'choice' (tab I of the row step 3 continues); the
 * tab and the step indicator both lead back to it. The major step declares the contributions form and its load
 * calls.
 */
export function ContributionsScreen({ major, next, nextBusy }: StepScreenProps) {
  const wizard = useWizard();
  const contributions = useDocument('form', CONTRIBUTIONS_FORM, wizard.member.accountid);
  const waiver = useDocument('form', WAIVER_FORM, wizard.member.accountid);
  const offered = useEffectiveDates(true);
  const dependentBirthdates = useMemo(
    () => padDependentBirthdates(wizard.dependents.map((dependent) => dependent.dateofbirth?.slice(0, 10))),
    [wizard.dependents],
  );
  const { loaded, errors, loading, retry } = useLoadCalls(
    major.calls?.load,
    callScope(wizard, { data: wizard.choices.contributions, screens: { contributions: { dependentBirthdates } } }),
  );
  if (offered.error) {
    return (
      <RetryAlert
        message={(offered.error as { message?: string }).message ?? catalogue['something-wrong']}
        onRetry={() => void offered.mutate()}
      />
    );
  }
  const failed = loading ? null : failureMessage(errors, { networkOnly: true });
  if (failed) return <RetryAlert message={failed} onRetry={retry} />;
  if (!contributions.document || !waiver.document || !offered.data) {
    return (
      <Center py="xl">
        <Loader aria-label={catalogue['loading']} />
      </Center>
    );
  }
  return (
    <Contributions
      document={contributions.document}
      waiver={waiver.document}
      dates={offered.data.effectivedates}
      loaded={loaded}
      next={next}
      nextBusy={nextBusy}
    />
  );
}

type ContributionsProps = {
  document: FormDocument;
  waiver: FormDocument;
  /** The server's choices, earliest first. */
  dates: string[];
  loaded: Record<string, unknown>;
  next: () => void;
  nextBusy: boolean;
};

function Contributions({ document, waiver, dates, loaded, next, nextBusy }: ContributionsProps) {
  const wizard = useWizard();
  const { today, choices, update } = wizard;
  const text = (key: (typeof TEXT)[keyof typeof TEXT]) => document.messages[key] ?? key;
  const { data: dependentForm } = useFormTexts(DEPENDENT_FORM, wizard.member.accountid);
  const shown = useMemo(() => withDateChoices(document, dates), [document, dates]);
  const [checked, setChecked] = useState(false);
  const [focusRequest, setFocusRequest] = useState<{ form: 'contributions' | 'waiver' | null; count: number }>({ form: null, count: 0 });
  const context = useMemo(() => ({ today, effectiveDates: dates }), [today, dates]);
  const option = healthOption(choices);

  const entered = useRef(false);
  useEffect(() => {
    if (entered.current) return;
    entered.current = true;
    const chosen = choices.contributions[EFFECTIVE_DATE_FIELD];
    const date = typeof chosen === 'string' && dates.includes(chosen) ? chosen : (dates[0] ?? null);
    update((current) => ({
      ...current,
      contributions: {
        ...current.contributions,
        [EFFECTIVE_DATE_FIELD]: date ?? undefined,
        [HEALTH_OPTION_FIELD]: current.contributions[HEALTH_OPTION_FIELD] === 'waive' ? 'waive' : 'buy',
      },
    }));
    void wizard.log(SELECT_CONTRIBUTION_PAGE, date);
  }, []);

  const contribution = loaded[CONTRIBUTION_CALL];
  useEffect(() => {
    // Cents: the API client decoded the wire's dollars (money-decoder.ts); none until the call answers.
    update((current) => ({ ...current, contributionCents: typeof contribution === 'number' ? contribution : null }));
  }, [contribution]);

  const changeContributions = (data: FormData) => {
    const before = { option: healthOption(choices), date: choices.contributions[EFFECTIVE_DATE_FIELD] };
    const after = { option: data[HEALTH_OPTION_FIELD] === 'waive' ? 'waive' : 'buy', date: data[EFFECTIVE_DATE_FIELD] };
    // Waiving, or another date, clears the plan chosen for the old one (spec §4 Health option, Effective date change).
    const clearsPlan = (after.option !== before.option && after.option === 'waive') || after.date !== before.date;
    update((current) => ({ ...current, contributions: data, ...(clearsPlan ? { plan: null, compare: [] } : {}) }));
    if (after.option !== before.option) {
      void wizard.log(HEALTH_PLAN_OPTION_SELECTED, typeof after.date === 'string' ? after.date : null);
    }
  };

  const proceed = () => {
    setChecked(true);
    if (dates.length === 0) return;
    const own = validateForm(shown.document, choices.contributions, context, 'submit');
    const waiving = option === 'waive' ? validateForm(waiver, choices.waiver, context, 'submit') : {};
    if (Object.keys(own).length === 0 && Object.keys(waiving).length === 0) next();
    // Focus goes to the first field in error: the contributions form's, else the waiver's.
    else if (Object.keys(own).length > 0) setFocusRequest((current) => ({ form: 'contributions', count: current.count + 1 }));
    else setFocusRequest((current) => ({ form: 'waiver', count: current.count + 1 }));
  };

  const waiving = option === 'waive';
  const shownCents = waiving ? 0 : choices.contributionCents;
  return (
    <Stack gap="md">
      <Title order={2}>{document.title}</Title>
      {dates.length === 0 && (
        <Alert color="yellow" role="alert">
          {text(TEXT.noDates)}
        </Alert>
      )}
      <Group align="flex-start" gap="xl" wrap="wrap">
        <Stack flex={1} miw={280}>
          <DocumentForm
            document={shown.document}
            renderedSchema={shown.schema}
            formData={choices.contributions}
            context={context}
            onChange={changeContributions}
            onSubmit={proceed}
            withoutSubmit
            showAllErrors={checked}
            focusRequest={focusRequest.form === 'contributions' ? focusRequest.count : undefined}
          />
          {waiving && (
            <DocumentForm
              document={waiver}
              formData={choices.waiver}
              context={context}
              onChange={(data) => update((current) => ({ ...current, waiver: data }))}
              onSubmit={proceed}
              withoutSubmit
              showAllErrors={checked}
              focusRequest={focusRequest.form === 'waiver' ? focusRequest.count : undefined}
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
                {shownCents === null ? '—' : formatCents(shownCents, locale)}
              </Text>
            }
          />
          <Text size="sm" ta="center">
            {text(TEXT.contribution)}
          </Text>
          {waiving && (
            <Text size="sm" ta="center" maw={240}>
              {text(TEXT.waiverNoContribution)}
            </Text>
          )}
        </Stack>
      </Group>
      <Stack gap={4}>
        <Text fw={600}>{text(TEXT.dependents)}</Text>
        {wizard.dependents.length === 0 ? (
          <Text size="sm">{text(TEXT.noDependents)}</Text>
        ) : (
          <Table aria-label={text(TEXT.dependents)} withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{text(TEXT.name)}</Table.Th>
                <Table.Th>{text(TEXT.relationship)}</Table.Th>
                <Table.Th>{text(TEXT.birthdate)}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {wizard.dependents.map((dependent) => (
                <Table.Tr key={dependent.id}>
                  <Table.Td>{`${dependent.firstname} ${dependent.lastname}`}</Table.Td>
                  <Table.Td>{dependentForm ? optionLabel(dependentForm, RELATIONSHIP_FIELD, dependent.relationship) : dependent.relationship}</Table.Td>
                  <Table.Td>{dependent.dateofbirth ? readableDate(dependent.dateofbirth.slice(0, 10)) : ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      <CalculateSubsidyButton accountid={wizard.employer.accountid} effectiveDate={choices.contributions[EFFECTIVE_DATE_FIELD] as string | undefined} />
      <Group>
        <Button onClick={proceed} disabled={dates.length === 0} {...nextBusyProps(nextBusy)}>
          {catalogue['next']}
        </Button>
      </Group>
    </Stack>
  );
}
