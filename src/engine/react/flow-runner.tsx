/**
 * Runs a flow document: the major step indicator (vertical beside the content on wide screens, horizontal on top
 * on narrow ones), the sub-step tabs numbered in Roman numerals, and the current step's screen. Which steps exist
 * is evaluateFlow's answer for the context, so a choice that hides a sub-step changes the tabs at once. The tabs
 * are the major step's row (`tabs`): consecutive major steps sharing a tab row show one row, so a tab can belong
 * to another major step and going to it moves the step indicator too.
 * Completed major steps (a tick) can be clicked to go back, except the first; earlier sub-step tabs too.
 * Next is throttled to once a second so a double click cannot skip a step; pressed again within that second, the
 * screens' Next shows it is busy (`nextBusy`) until the second is over. After a move to another step the keyboard's
 * focus goes to the new step's heading (its first heading, made focusable by script), once the screen shows it.
 */
import { evaluateFlow, STEP_NOT_AVAILABLE } from '#engine/runtime/index.ts';
import type { FlowDocument, ResolvedStep } from '#engine/runtime/types.ts';
import { Alert, Box, Button, Flex, Group, Stepper } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { useThrottle } from './busy.ts';
import { toRoman } from './roman.ts';

export type FlowPosition = { step: string; substep?: string };

export type StepScreenProps = {
  /** The step shown: the sub-step when the major step has sub-steps, else the major step. */
  step: ResolvedStep;
  major: ResolvedStep;
  context: Record<string, unknown>;
  /** Goes to the next sub-step or major step (throttled); after the last one calls onFinish. */
  next: () => void;
  goTo: (position: FlowPosition) => void;
  /** Next was pressed again within its throttle: the screen's Next shows it is busy (nextBusyProps). */
  nextBusy: boolean;
};

const HEADING = 'h1, h2, h3, h4, h5, h6';

/**
 * Moves the focus to the first heading in `box` once there is one (a screen may show a loader first); stops when the
 * returned cleanup runs (the step changed again or the runner left).
 */
function focusHeading(box: HTMLElement): () => void {
  const focus = () => {
    const heading = box.querySelector<HTMLElement>(HEADING);
    if (!heading) return false;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus();
    return true;
  };
  if (focus()) return () => undefined;
  const observer = new MutationObserver(() => {
    if (focus()) observer.disconnect();
  });
  observer.observe(box, { childList: true, subtree: true });
  return () => observer.disconnect();
}

export type FlowRunnerProps = {
  flow: FlowDocument;
  context: Record<string, unknown>;
  /** Screens by the name a step gives in `screen` (or, for a form step without one, in `form`). */
  screens: Record<string, ComponentType<StepScreenProps>>;
  /** The screen of a step that is only a form: it names a form that has no screen of that name, and no screen. */
  formScreen?: ComponentType<StepScreenProps>;
  /** Controlled position; without it the runner keeps its own, starting at the first step. */
  position?: FlowPosition;
  onPositionChange?: (position: FlowPosition) => void;
  onFinish?: () => void;
  /** Shown for a step whose screen this product does not have. */
  notAvailableText?: string;
  stepsLabel?: string;
  substepsLabel?: string;
  /** The media query under which the layout is narrow. */
  narrowQuery?: string;
  nextThrottleMs?: number;
};

export function flowPositions(steps: ResolvedStep[]): FlowPosition[] {
  return steps.flatMap((major) =>
    major.substeps.length > 0 ? major.substeps.map((sub) => ({ step: major.id, substep: sub.id })) : [{ step: major.id }],
  );
}

/** The position's indexes in the evaluated steps; a sub-step that no longer exists falls back to the first. */
export function locate(steps: ResolvedStep[], position: FlowPosition | undefined): { major: number; sub: number } {
  const major = Math.max(0, steps.findIndex((step) => step.id === position?.step));
  const sub = Math.max(0, steps[major]?.substeps.findIndex((step) => step.id === position?.substep) ?? 0);
  return { major, sub };
}

function NotAvailable({ text }: { text: string }) {
  return (
    <Alert color="yellow" role="status">
      {text}
    </Alert>
  );
}

export function FlowRunner(props: FlowRunnerProps) {
  const { flow, context, screens } = props;
  const steps: ResolvedStep[] = useMemo(() => evaluateFlow(flow, context as never), [flow, context]);
  const narrow = useMediaQuery(props.narrowQuery ?? '(max-width: 840px)') ?? false;
  const [ownPosition, setOwnPosition] = useState<FlowPosition | undefined>(undefined);
  const position = props.position ?? ownPosition;
  const throttle = useThrottle(props.nextThrottleMs ?? 1000);
  const content = useRef<HTMLDivElement>(null);

  const { major: majorIndex, sub: subIndex } = locate(steps, position);
  const major = steps[majorIndex];
  const shown = major?.substeps[subIndex] ?? major;
  const tabs = major?.tabs ?? major?.substeps ?? [];
  const tabIndex = tabs.findIndex((tab) => tab.id === shown?.id && (tab.parent ?? major?.id) === major?.id);

  const goTo = (next: FlowPosition) => {
    setOwnPosition(next);
    props.onPositionChange?.(next);
  };

  const next = () => {
    if (!throttle.attempt()) return;
    const all = flowPositions(steps);
    const here = all.findIndex((p) => p.step === major?.id && (p.substep ?? null) === (major?.substeps[subIndex]?.id ?? null));
    const following = all[here + 1];
    if (following) goTo(following);
    else props.onFinish?.();
  };

  const goToMajor = (index: number) => {
    const target = steps[index];
    if (target) goTo({ step: target.id, substep: target.substeps[0]?.id });
  };

  // The first step shown is where the page starts (its own focus order); each later one takes the focus.
  const shownKey = major && shown ? `${major.id}/${shown.id}` : undefined;
  const firstShown = useRef(shownKey);
  useEffect(() => {
    if (shownKey === firstShown.current || !content.current) return;
    firstShown.current = undefined;
    return focusHeading(content.current);
  }, [shownKey]);

  if (!major || !shown) return <NotAvailable text={props.notAvailableText ?? STEP_NOT_AVAILABLE} />;

  const Screen = shown.screen ? screens[shown.screen] : shown.form ? (screens[shown.form] ?? props.formScreen) : undefined;
  const stepper = (
    <Stepper
      active={majorIndex}
      onStepClick={(index) => {
        if (index > 0 && index < majorIndex) goToMajor(index);
      }}
      allowNextStepsSelect={false}
      orientation={narrow ? 'horizontal' : 'vertical'}
      aria-label={props.stepsLabel}
      size="sm"
    >
      {steps.map((step, index) => (
        <Stepper.Step key={step.id} label={step.title} allowStepSelect={index > 0 && index < majorIndex} />
      ))}
    </Stepper>
  );

  return (
    <Flex direction={narrow ? 'column' : 'row'} gap="lg" align="flex-start">
      <Box component="nav" aria-label={props.stepsLabel} miw={narrow ? undefined : 200}>
        {stepper}
      </Box>
      <Box flex={1} w="100%" ref={content}>
        {tabs.length > 0 && (
          <Group component="nav" aria-label={props.substepsLabel} gap="xs" mb="md" wrap="wrap">
            {tabs.map((tab, index) => (
              <Button
                key={`${tab.parent ?? major.id}/${tab.id}`}
                size="compact-sm"
                variant={index === tabIndex ? 'filled' : 'light'}
                aria-current={index === tabIndex ? 'step' : undefined}
                disabled={index > tabIndex}
                onClick={() => {
                  if (index < tabIndex) goTo({ step: tab.parent ?? major.id, substep: tab.id });
                }}
              >
                {`${toRoman(index + 1)}. ${tab.title}`}
              </Button>
            ))}
          </Group>
        )}
        {Screen ? (
          <Screen key={`${major.id}/${shown.id}`} step={shown} major={major} context={context} next={next} goTo={goTo} nextBusy={throttle.busy} />
        ) : (
          <NotAvailable text={props.notAvailableText ?? STEP_NOT_AVAILABLE} />
        )}
      </Box>
    </Flex>
  );
}
