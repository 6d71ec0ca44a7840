/**
 * The enrollment wizard at /profile: loads the member, the employer's settings, the dependents and the
 * enrollment flow resolved for the employer, then runs the flow with the wizard's screens. The rule context the
 * flow reads is { today, employer: { hsaonly, employeazecustomer }, choice: { option, planHsaEligible } }.
 */
import type { LogFactEvent } from '#contracts/entities.ts';
import { todayUtc } from '#domain/dates.ts';
import { FlowRunner, locate, useDocument, type FlowPosition } from '#engine/react/index.ts';
import { evaluateFlow } from '#engine/core/index.ts';
import { api } from '#web/api/api-client.ts';
import { useDependents, useEmployer, useMember } from '#web/api/queries.ts';
import { messages } from '#web/messages.ts';
import { Center, Container, Loader } from '@mantine/core';
import { RetryAlert } from '#web/layout/retry-alert.tsx';
import { useCallback, useMemo, useState } from 'react';
import { AdditionalServicesScreen } from './additional-services-screen.tsx';
import { CartScreen } from './cart-screen.tsx';
import { ContributionsScreen } from './contributions-screen.tsx';
import { IchraAcknowledgmentScreen } from './ichra-acknowledgment-screen.tsx';
import { FlexibleSpendingScreen } from './flexible-spending-screen.tsx';
import { ProfileScreen } from './profile-screen.tsx';
import { ShopHealthPlansScreen } from './shop/shop-health-plans-screen.tsx';
import {
  effectiveDate,
  emptyChoices,
  healthOption,
  resetOnEnteringStepTwo,
  WizardContext,
  type WizardChoices,
  type WizardShared,
} from './wizard-context.tsx';

export const ENROLLMENT_FLOW = 'enrollment';

/** The screens of the flow's steps, by the names the flow gives them (a step without one shows 'not available'). */
export const wizardScreens = {
  profile: ProfileScreen,
  contributions: ContributionsScreen,
  'ichra-acknowledgment': IchraAcknowledgmentScreen,
  'shop-health-plans': ShopHealthPlansScreen,
  'flexible-spending': FlexibleSpendingScreen,
  'additional-services': AdditionalServicesScreen,
  cart: CartScreen,
};

/** The screen of step 2 that holds the health option: entering it resets the cart (spec §4 Entering step 2 resets). */
const CHOICE_SCREEN = 'contributions';

export function EnrollmentWizard() {
  const member = useMember();
  const employer = useEmployer(member.data?.accountid);
  const dependents = useDependents(member.data?.id);
  const flow = useDocument('flow', ENROLLMENT_FLOW, member.data?.accountid);
  const failed = member.error ?? employer.error ?? dependents.error ?? flow.error;

  if (failed) {
    const text = (failed as { message?: string }).message ?? messages['something-wrong'];
    // Read again whatever failed (the network may be back); the others are kept.
    const retry = () => {
      if (member.error) void member.mutate();
      if (employer.error) void employer.mutate();
      if (dependents.error) void dependents.mutate();
      if (flow.error) flow.retry();
    };
    return (
      <Container py="xl">
        <RetryAlert message={text} onRetry={retry} />
      </Container>
    );
  }
  if (!member.data || !employer.data || !dependents.data || !flow.document) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  const reload = async () => {
    await Promise.all([member.mutate(), dependents.mutate()]);
  };
  return (
    <Wizard
      flow={flow.document}
      shared={{ member: member.data, employer: employer.data, dependents: dependents.data.dependents, reload }}
    />
  );
}

type Loaded = Pick<WizardShared, 'member' | 'employer' | 'dependents' | 'reload'>;

function Wizard({ flow, shared }: { flow: Parameters<typeof evaluateFlow>[0]; shared: Loaded }) {
  const today = useMemo(() => todayUtc(new Date()), []);
  const [choices, setChoices] = useState<WizardChoices>(emptyChoices);
  const [position, setPosition] = useState<FlowPosition | undefined>(undefined);
  const { member, employer } = shared;

  const context = useMemo(
    () => ({
      today,
      employer: { hsaonly: employer.hsaonly, employeazecustomer: employer.employeazecustomer },
      choice: { option: healthOption(choices), planHsaEligible: choices.plan?.ishsaeligible === 'Yes' },
    }),
    [today, employer.hsaonly, employer.employeazecustomer, choices],
  );

  const chosenDate = effectiveDate(choices);
  const log = useCallback(
    async (action: string, effectiveDate?: string | null) => {
      const event: LogFactEvent = {
        title: action,
        data: { description: action, User: member.emailaddress || 'Unknown' },
        accountid: member.accountid,
        memberid: member.id,
        action,
        effectivedate: effectiveDate === undefined ? chosenDate : effectiveDate,
      };
      await api.post('/api/LogFact/v2', event);
    },
    [member, chosenDate],
  );

  const navigate = (next: FlowPosition) => {
    const steps = evaluateFlow(flow, context);
    const shown = (p: FlowPosition | undefined) => {
      const { major, sub } = locate(steps, p);
      return steps[major]?.substeps[sub] ?? steps[major];
    };
    const entering = shown(next);
    if (entering?.screen === CHOICE_SCREEN && shown(position)?.screen !== CHOICE_SCREEN) {
      setChoices(resetOnEnteringStepTwo);
    }
    setPosition(next);
  };

  const value: WizardShared = { ...shared, today, choices, update: setChoices, log };
  return (
    <WizardContext.Provider value={value}>
      <Container size="lg" py="md">
        <FlowRunner
          flow={flow}
          context={context}
          screens={wizardScreens}
          position={position}
          onPositionChange={navigate}
          stepsLabel="Enrollment steps"
          substepsLabel="Enrollment sub-steps"
        />
      </Container>
    </WizardContext.Provider>
  );
}
