import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FlowRunner, toRoman, type FlowPosition, type StepScreenProps } from '#engine/react/index.ts';
import { baseFlow, renderWithEngine } from './engine-harness.tsx';
import { useState } from 'react';

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
