import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { evaluateFlow } from '#engine/runtime/index.ts';
import {
  addressOf,
  allowedPosition,
  FlowRunner,
  furtherPosition,
  positionAt,
  toRoman,
  type FlowPosition,
  type StepScreenProps,
} from '#engine/react/index.ts';
import { baseFlow, renderWithEngine } from './engine-harness.tsx';
import { useEffect, useRef, useState } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, useNavigate, useParams } from 'react-router-dom';

const flow = baseFlow('enrollment');

function Shown({ step, next }: StepScreenProps) {
  return (
    <div>
      <p>{`screen ${step.id}`}</p>
      <button type="button" onClick={next}>
        Next
      </button>
    </div>
  );
}

const screens = { profile: Shown, contributions: Shown, 'additional-services': Shown, cart: Shown };
const waive = {
  today: '2026-03-10',
  employer: { hsaonly: 1, employeazecustomer: 1 },
  choice: { option: 'waive', planHsaEligible: false },
};

function Runner({ context, start }: { context: Record<string, unknown>; start?: FlowPosition }) {
  const [position, setPosition] = useState<FlowPosition | undefined>(start);
  return (
    <FlowRunner
      flow={flow}
      context={context}
      screens={screens}
      position={position}
      onPositionChange={setPosition}
      nextThrottleMs={0}
      stepsLabel="Steps"
      substepsLabel="Sub-steps"
    />
  );
}

/** The major step the indicator marks as the current one. */
const activeMajor = () => screen.getByRole('navigation', { name: 'Steps' }).querySelector('[data-progress]');

describe('FlowRunner', () => {
  it('numbers sub-steps in Roman numerals', () => {
    expect([1, 2, 3, 4, 6, 9, 14].map(toRoman)).toEqual(['I', 'II', 'III', 'IV', 'VI', 'IX', 'XIV']);
  });

  it('walks the waive path: the choice once on major step 2 as tab I, then step 3 continuing the tab row', async () => {
    renderWithEngine(<Runner context={waive} />);
    expect(screen.getByText('screen profile')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Sub-steps' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('screen choice')).toBeInTheDocument();
    expect(activeMajor()).toHaveTextContent('Contributions');
    const tabs = screen.getByRole('navigation', { name: 'Sub-steps' });
    expect(tabs).toHaveTextContent('I. Contributions');
    expect(tabs).toHaveTextContent('II. Additional Services');
    expect(tabs).toHaveTextContent('III. Your Cart');
    expect(screen.getByRole('button', { name: 'I. Contributions' })).toHaveAttribute('aria-current', 'step');
    expect(screen.getByRole('button', { name: 'II. Additional Services' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('screen additional-services')).toBeInTheDocument();
    expect(activeMajor()).toHaveTextContent('Shopping and Cart');
    expect(screen.getByRole('button', { name: 'II. Additional Services' })).toHaveAttribute('aria-current', 'step');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('screen cart')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'III. Your Cart' })).toHaveAttribute('aria-current', 'step');

    await userEvent.click(screen.getByRole('button', { name: 'I. Contributions' }));
    expect(screen.getByText('screen choice')).toBeInTheDocument();
    expect(activeMajor()).toHaveTextContent('Contributions');
    expect(screen.getByRole('button', { name: 'III. Your Cart' })).toBeDisabled();
  });

  it('lets a completed major step be clicked to go back, except the first', async () => {
    renderWithEngine(<Runner context={waive} start={{ step: 'enroll', substep: 'cart' }} />);
    const steps = screen.getByRole('navigation', { name: 'Steps' });
    const profile = [...steps.querySelectorAll('button')].find((button) => button.textContent?.includes('Profile'));
    const contributions = [...steps.querySelectorAll('button')].find((button) => button.textContent?.includes('Contributions'));
    await userEvent.click(profile!);
    expect(screen.getByText('screen cart')).toBeInTheDocument();
    await userEvent.click(contributions!);
    expect(screen.getByText('screen choice')).toBeInTheDocument();
  });

  it('says a step is not available when the product has no screen for it', async () => {
    const buy = { ...waive, choice: { option: 'buy', planHsaEligible: false } };
    renderWithEngine(<Runner context={buy} start={{ step: 'enroll', substep: 'ichra-acknowledgment' }} />);
    expect(screen.getByText('This step is not available yet.')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Sub-steps' })).toHaveTextContent('II. ICHRA Acknowledgment');
  });

  it("shows a step that is only a form (a form, no screen, none of the form's name) through the form screen", () => {
    const withOwnStep = { ...flow, steps: { ...flow.steps, commute: { title: 'Commute', order: 0.5, form: 'commute' } } };
    const FormScreen = ({ step }: StepScreenProps) => <p>{`form screen ${step.form}`}</p>;
    renderWithEngine(<FlowRunner flow={withOwnStep} context={waive} screens={screens} formScreen={FormScreen} />);
    expect(screen.getByText('form screen commute')).toBeInTheDocument();
  });

  it("keeps a step's own screen, and a form's screen of its name, before the form screen", () => {
    const FormScreen = () => <p>form screen</p>;
    renderWithEngine(<FlowRunner flow={flow} context={waive} screens={screens} formScreen={FormScreen} position={{ step: 'profile' }} />);
    expect(screen.getByText('screen profile')).toBeInTheDocument();
    expect(screen.queryByText('form screen')).not.toBeInTheDocument();
  });

  it('throttles Next to once a second', async () => {
    function Throttled() {
      const [position, setPosition] = useState<FlowPosition | undefined>(undefined);
      return <FlowRunner flow={flow} context={waive} screens={screens} position={position} onPositionChange={setPosition} />;
    }
    renderWithEngine(<Throttled />);
    const next = screen.getByRole('button', { name: 'Next' });
    await userEvent.click(next);
    expect(screen.getByText('screen choice')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('screen choice')).toBeInTheDocument();
  });
});

/**
 * The runner at an address, as a product mounts it: the position is the address under /flow, moving pushes the
 * next address, an address not allowed is replaced, and the furthest place reached is kept in `kept` (the
 * product's storage) so a remount finds it.
 */
function addressedRouter(context: Record<string, unknown>, url: string, kept: { reached?: FlowPosition }) {
  function Addressed() {
    const steps = evaluateFlow(flow, context);
    const navigate = useNavigate();
    const location = useLocation();
    const reached = useRef(kept.reached);
    const position = allowedPosition(flow, steps, positionAt((useParams()['*'] ?? '').split('/')), reached.current);
    const address = (place: FlowPosition) => ['/flow', ...addressOf(steps, place)].join('/');
    const shownAddress = position ? address(position) : '/flow';
    useEffect(() => {
      if (location.pathname !== shownAddress) void navigate(shownAddress, { replace: true });
    }, [location.pathname, shownAddress, navigate]);
    return (
      <FlowRunner
        flow={flow}
        context={context}
        screens={screens}
        position={position}
        onPositionChange={(next) => {
          reached.current = furtherPosition(flow, reached.current, next);
          kept.reached = reached.current;
          void navigate(address(next));
        }}
        nextThrottleMs={0}
        stepsLabel="Steps"
        substepsLabel="Sub-steps"
      />
    );
  }
  return createMemoryRouter([{ path: '/flow/*', element: <Addressed /> }], { initialEntries: [url] });
}

describe('flow addresses', () => {
  const buy = { ...waive, choice: { option: 'buy', planHsaEligible: false } };

  it('gives the first place the flow address and every other step and sub-step its own segments', () => {
    const steps = evaluateFlow(flow, waive);
    expect(addressOf(steps, { step: 'profile' })).toEqual([]);
    expect(addressOf(steps, { step: 'contributions' })).toEqual(['contributions', 'choice']);
    expect(addressOf(steps, { step: 'enroll', substep: 'cart' })).toEqual(['enroll', 'cart']);
    expect(positionAt([])).toBeUndefined();
    expect(positionAt(['enroll', 'cart'])).toEqual({ step: 'enroll', substep: 'cart' });
    expect(positionAt(['enroll', 'cart', 'more'])).toBeUndefined();
  });

  it('lands a place not shown, not reached or unknown on the furthest allowed place at or before it', () => {
    const steps = evaluateFlow(flow, buy);
    const shop = { step: 'enroll', substep: 'shop-health-plans' };
    const cart = { step: 'enroll', substep: 'cart' };
    expect(allowedPosition(flow, steps, shop, cart)).toEqual(shop);
    // Not reached yet: the furthest reached.
    expect(allowedPosition(flow, steps, cart, shop)).toEqual(shop);
    expect(allowedPosition(flow, steps, cart, undefined)).toEqual({ step: 'profile' });
    // Hidden (no HSA-eligible plan): the shown place before it.
    expect(allowedPosition(flow, steps, { step: 'enroll', substep: 'flexible-spending' }, cart)).toEqual(shop);
    expect(allowedPosition(flow, steps, { step: 'nowhere' }, shop)).toEqual(shop);
    expect(allowedPosition(flow, steps, { step: 'contributions' }, cart)).toEqual({ step: 'contributions', substep: 'choice' });
    expect(allowedPosition(flow, steps, undefined, cart)).toEqual({ step: 'profile' });
  });

  it('pushes each step its address, so Back and Forward move between steps', async () => {
    const router = addressedRouter(waive, '/flow', {});
    renderWithEngine(<RouterProvider router={router} />);
    expect(screen.getByText('screen profile')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('screen choice')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/flow/contributions/choice');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('screen additional-services')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/flow/enroll/additional-services');

    void router.navigate(-1);
    expect(await screen.findByText('screen choice')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/flow/contributions/choice');
    void router.navigate(1);
    expect(await screen.findByText('screen additional-services')).toBeInTheDocument();
  });

  it('shows the same step after a remount at its address, and refuses a deep link beyond the furthest step reached', async () => {
    const kept: { reached?: FlowPosition } = {};
    const first = addressedRouter(waive, '/flow/enroll/cart', kept);
    const { unmount } = renderWithEngine(<RouterProvider router={first} />);
    expect(await screen.findByText('screen profile')).toBeInTheDocument();
    await waitFor(() => expect(first.state.location.pathname).toBe('/flow'));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('screen additional-services')).toBeInTheDocument();
    unmount();

    const again = addressedRouter(waive, '/flow/enroll/additional-services', kept);
    renderWithEngine(<RouterProvider router={again} />);
    expect(screen.getByText('screen additional-services')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'II. Additional Services' })).toHaveAttribute('aria-current', 'step');
    void again.navigate('/flow/enroll/cart');
    await waitFor(() => expect(again.state.location.pathname).toBe('/flow/enroll/additional-services'));
    expect(screen.getByText('screen additional-services')).toBeInTheDocument();
  });
});
