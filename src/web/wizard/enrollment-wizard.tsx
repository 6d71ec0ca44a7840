/**
 * The enrollment wizard at /profile: loads the member, the employer's settings, the dependents and the
 * enrollment flow resolved for the employer, then runs the flow with the wizard's screens. The rule context the
 * flow reads is { today, employer: { hsaonly, employeazecustomer }, choice: { option, planHsaEligible } }.
 *
 * Each step and sub-step has its own address: /profile for the first, /profile/<step>/<sub-step> for the others
 * (/profile/contributions/choice, /profile/enroll/shop-health-plans). Going to a step pushes its address, so the
 * browser's Back and Forward move between steps; an address the flow does not show, or beyond the furthest step
 * reached by Next, is replaced by the furthest allowed one (flow-address.ts). The choices and the furthest step
 * are kept in the tab's sessionStorage per member (wizard-place.ts), so a reload shows the same step and cart.
 * Entering step 2 from another step (Next, a tab, Back or Forward) resets the cart; a reload on step 2 enters
 * nothing (the wizard starts where it was), so it keeps what the person left there.
 *
 * A member who has authorized the plan year's elections (a current main order, enrolledMainOrder) is led to their
 * summary at /welcome instead, on arrival (signing in again, a reload on the confirmation after Authorize, which
 * drops the kept place): never to step 1 as if nothing happened. /welcome's Change My Elections opens the wizard
 * afresh for them (wizard-place.ts startChanging). Decided once, when the wizard first loads: the authorization
 * made in this wizard leaves its confirmation on screen.
 */
import type { LogFactEvent } from '#contracts/entities.ts';
import { todayUtc } from '#domain/values/dates.ts';
import { isHsaEligible } from '#domain/enrollment/hsa.ts';
import { enrolledMainOrder } from '#domain/enrollment/orders.ts';
import {
  addressOf,
  allowedPosition,
  FlowRunner,
  furtherPosition,
  locate,
  positionAt,
  samePosition,
  shownPosition,
  useDocument,
  type FlowPosition,
} from '#engine/react/index.ts';
import { evaluateFlow } from '#engine/runtime/index.ts';
import type { ResolvedStep } from '#engine/runtime/types.ts';
import { api } from '#portal/api/api-client.ts';
import { useDependents, useEmployer, useMember, useOrders } from '#portal/api/queries.ts';
import { messages } from '#portal/messages.ts';
import { Alert, Center, Container, Loader } from '@mantine/core';
import { RetryAlert } from '#portal/layout/feedback/retry-alert.tsx';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { FormStepScreen } from '#portal/wizard/form-step-screen.tsx';
import { wizardScreens } from '#portal/wizard/wizard-screens.ts';
import { readPlace, writePlace, type WizardPlace } from '#portal/wizard/wizard-place.ts';
import {
  effectiveDate,
  healthOption,
  resetOnEnteringStepTwo,
  WizardContext,
  type WizardChoices,
  type WizardShared,
} from '#portal/wizard/wizard-context.tsx';

export const ENROLLMENT_FLOW = 'enrollment';

/** The wizard's address (spec §2: /profile); each step's address is under it. */
export const WIZARD_PATH = '/profile';

export function wizardAddress(steps: ResolvedStep[], position: FlowPosition): string {
  return [WIZARD_PATH, ...addressOf(steps, position).map(encodeURIComponent)].join('/');
}

/** The screen of step 2 that holds the health option: entering it resets the cart (spec §4 Entering step 2 resets). */
const CHOICE_SCREEN = 'contributions';

export function EnrollmentWizard() {
  const member = useMember();
  const employer = useEmployer(member.data?.accountid);
  const dependents = useDependents(member.data?.id);
  const flow = useDocument('flow', ENROLLMENT_FLOW, member.data?.accountid);
  const orders = useOrders();
  // Where the wizard starts, decided once its member, employer and orders are read (orders that cannot be read
  // lead to the wizard, as before): the summary for an enrolled member who did not choose to change.
  const [entry, setEntry] = useState<'wizard' | 'summary'>();
  if (entry === undefined && member.data && employer.data && (orders.data || orders.error)) {
    const enrolled = enrolledMainOrder(orders.data?.orderdetails ?? [], employer.data.businessyear) !== undefined;
    setEntry(enrolled && !readPlace(member.data.id).changing ? 'summary' : 'wizard');
  }
  // A failed re-read of the flow on a step keeps the flow shown (it is read again at the next step).
  const flowError = flow.document ? undefined : flow.error;
  const failed = member.error ?? employer.error ?? dependents.error ?? flowError;

  if (failed) {
    const text = (failed as { message?: string }).message ?? messages['something-wrong'];
    // Read again whatever failed (the network may be back); the others are kept.
    const retry = () => {
      if (member.error) void member.mutate();
      if (employer.error) void employer.mutate();
      if (dependents.error) void dependents.mutate();
      if (flowError) flow.retry();
    };
    return (
      <Container py="xl">
        <RetryAlert message={text} onRetry={retry} />
      </Container>
    );
  }
  if (entry === 'summary') return <Navigate to="/welcome" replace />;
  if (!member.data || !employer.data || !dependents.data || !flow.document || entry === undefined) {
    return (
      <Center py="xl">
        <Loader aria-label={messages['loading']} />
      </Center>
    );
  }
  const reload = async () => {
    await Promise.all([member.mutate(), dependents.mutate()]);
  };
  return (
    <Wizard
      flow={flow.document}
      flowVersion={flow.version}
      revalidateFlow={flow.revalidate}
      shared={{ member: member.data, employer: employer.data, dependents: dependents.data.dependents, reload }}
    />
  );
}

type Loaded = Pick<WizardShared, 'member' | 'employer' | 'dependents' | 'reload'>;

type WizardProps = {
  flow: Parameters<typeof evaluateFlow>[0];
  /** The flow's version as the server named it (the employer's published override; 0 the base flow). */
  flowVersion: number | undefined;
  /** Reads the flow again: each move to another step does, so a publish reaches a tab left open. */
  revalidateFlow: () => Promise<void>;
  shared: Loaded;
};

function Wizard({ flow, flowVersion, revalidateFlow, shared }: WizardProps) {
  const today = useMemo(() => todayUtc(new Date()), []);
  const { member, employer } = shared;
  const [stored] = useState(() => readPlace(member.id));
  const [choices, setChoices] = useState<WizardChoices>(stored.choices);
  const changing = stored.changing === true;
  // The furthest step reached by Next: changed together with the address it allows, before the router renders it.
  const reached = useRef<FlowPosition | undefined>(stored.reached);
  const routeNavigate = useNavigate();
  const location = useLocation();
  // The router answers the splat decoded.
  const requested = positionAt((useParams()['*'] ?? '').split('/'));

  const context = useMemo(
    () => ({
      today,
      employer: { hsaonly: employer.hsaonly, employeazecustomer: employer.employeazecustomer },
      choice: { option: healthOption(choices), planHsaEligible: choices.plan ? isHsaEligible(choices.plan) : false },
    }),
    [today, employer.hsaonly, employer.employeazecustomer, choices],
  );
  const steps = useMemo(() => evaluateFlow(flow, context), [flow, context]);
  const position = allowedPosition(flow, steps, requested, reached.current);
  const address = position ? wizardAddress(steps, position) : WIZARD_PATH;

  // An address the person may not see (or a step's second spelling) is replaced by the one shown.
  useEffect(() => {
    if (location.pathname !== address) void routeNavigate(address, { replace: true });
  }, [address, location.pathname, routeNavigate]);

  const keep = useCallback(
    (kept: WizardChoices) => {
      const place: WizardPlace = { choices: kept, ...(reached.current ? { reached: reached.current } : {}), ...(changing ? { changing } : {}) };
      writePlace(member.id, place);
    },
    [member.id, changing],
  );
  useEffect(() => keep(choices), [keep, choices]);

  // Spec §4 Entering step 2 resets: whenever the shown screen becomes step 2's from another one, however the
  // person got there (Next, a tab, Back, Forward). Adjusted while rendering, so step 2 never shows the old cart.
  const screenOf = (place: FlowPosition | undefined) => {
    const { major, sub } = locate(steps, place);
    const shown = steps[major]?.substeps[sub] ?? steps[major];
    return shown?.screen ?? shown?.id;
  };
  const [before, setBefore] = useState({ position, screen: screenOf(position) });
  if (!samePosition(before.position, position) && position) {
    const screen = screenOf(position);
    setBefore({ position, screen });
    if (screen === CHOICE_SCREEN && before.screen !== CHOICE_SCREEN) setChoices(resetOnEnteringStepTwo);
  }

  // A publish since the tab read the flow: the person is told once, on the step they moved to, and continues on
  // the new flow (their choices are kept; the steps and the allowed address follow the new document).
  const [runVersion, setRunVersion] = useState(flowVersion);
  const [flowChanged, setFlowChanged] = useState(false);
  if (flowVersion !== runVersion) {
    setRunVersion(flowVersion);
    setFlowChanged(true);
  }

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
    const target = shownPosition(steps, next) ?? next;
    reached.current = furtherPosition(flow, reached.current, target);
    keep(choices);
    const path = wizardAddress(steps, target);
    if (path !== location.pathname) void routeNavigate(path);
    setFlowChanged(false);
    void revalidateFlow();
  };

  const value: WizardShared = { ...shared, today, choices, changing, update: setChoices, log };
  return (
    <WizardContext.Provider value={value}>
      <Container size="lg" py="md">
        {flowChanged && (
          <Alert role="status" color="blue" mb="md">
            {messages['flow-changed']}
          </Alert>
        )}
        <FlowRunner
          flow={flow}
          context={context}
          screens={wizardScreens}
          formScreen={FormStepScreen}
          position={position}
          onPositionChange={navigate}
          stepsLabel={messages['enrollment-steps']}
          substepsLabel={messages['enrollment-substeps']}
        />
      </Container>
    </WizardContext.Provider>
  );
}
