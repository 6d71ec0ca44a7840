/**
 * Where the keyboard's focus goes in the engine's generic parts: the new step's heading after a move, the new
 * item's first field after an add, Next shown busy within its throttle, a yes/no question left only when the focus
 * leaves it, and a field a rule requires marked as required.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DocumentForm, FlowRunner, nextBusyProps, type FlowPosition, type FormData, type StepScreenProps } from '#engine/react/index.ts';
import { baseFlow, baseForm, renderWithEngine } from './engine-harness.tsx';

const flow = baseFlow('enrollment');
const context = { today: '2026-03-10', employer: { hsaonly: 1, employeazecustomer: 1 }, choice: { option: 'waive', planHsaEligible: false } };

/** A screen whose heading appears after a loader on every step but the first, as the wizard's screens do. */
function Loading({ step, next, nextBusy }: StepScreenProps) {
  const [loaded, setLoaded] = useState(step.id === 'profile');
  return (
    <div>
      {loaded ? <h2>{`heading ${step.id}`}</h2> : <button type="button" onClick={() => setLoaded(true)}>Load</button>}
      <button type="button" onClick={next} {...nextBusyProps(nextBusy)}>
        Next
      </button>
    </div>
  );
}

function Runner({ throttle }: { throttle: number }) {
  const [position, setPosition] = useState<FlowPosition | undefined>(undefined);
  return (
    <FlowRunner
      flow={flow}
      context={context}
      screens={{ profile: Loading, contributions: Loading, 'additional-services': Loading, cart: Loading }}
      position={position}
      onPositionChange={setPosition}
      nextThrottleMs={throttle}
    />
  );
}

describe('keyboard focus in the engine', () => {
  it("leaves the first step's focus alone, and after Next focuses the new step's heading once it is shown", async () => {
    renderWithEngine(<Runner throttle={0} />);
    const first = screen.getByRole('heading', { name: 'heading profile' });
    expect(first).not.toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    // The step shows a loader first; its heading takes the focus when it comes.
    await userEvent.click(screen.getByRole('button', { name: 'Load' }));
    const heading = await screen.findByRole('heading', { name: 'heading choice' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveAttribute('tabindex', '-1');
  });

  it('shows Next busy when it is pressed again within its throttle, and ready again after it', async () => {
    renderWithEngine(<Runner throttle={300} />);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).not.toHaveAttribute('aria-busy');
    await userEvent.click(next);
    // Refused, and seen to be: busy and unavailable, still focusable, still on the same step.
    expect(next).toHaveAttribute('aria-busy', 'true');
    expect(next).toHaveAttribute('aria-disabled', 'true');
    expect(next).not.toBeDisabled();
    expect(screen.getByRole('button', { name: 'Load' })).toBeInTheDocument();
    await waitFor(() => expect(next).not.toHaveAttribute('aria-busy'));
  });

  it("moves the focus to a new dependent's first field after Add Dependent", async () => {
    function Form() {
      const [data, setData] = useState<FormData>({});
      return <DocumentForm document={baseForm('profile')} formData={data} context={{ today: '2026-03-10' }} onChange={setData} onSubmit={() => undefined} submitText="Next" />;
    }
    renderWithEngine(<Form />);
    await userEvent.click(screen.getByRole('button', { name: 'Add Dependent' }));
    const first = await screen.findByRole('group', { name: 'Dependent #1' });
    await waitFor(() => expect(within(first).getByRole('textbox', { name: 'First Name' })).toHaveFocus());
    await userEvent.click(screen.getByRole('button', { name: 'Add Dependent' }));
    const second = await screen.findByRole('group', { name: 'Dependent #2' });
    await waitFor(() => expect(within(second).getByRole('textbox', { name: 'First Name' })).toHaveFocus());
  });

  it("shows the smoker field's error when the focus leaves the question, not when it moves from Yes to No", async () => {
    function Form() {
      const [data, setData] = useState<FormData>({});
      return <DocumentForm document={baseForm('profile')} formData={data} context={{ today: '2026-03-10' }} onChange={setData} onSubmit={() => undefined} submitText="Next" />;
    }
    renderWithEngine(<Form />);
    const group = screen.getByRole('radiogroup', { name: /^Smoker/ });
    const yes = within(group).getByRole('radio', { name: 'Yes' });
    const no = within(group).getByRole('radio', { name: 'No' });
    expect(screen.queryByText('Smoker field is required')).not.toBeInTheDocument();
    fireEvent.blur(yes, { relatedTarget: no });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Smoker field is required')).not.toBeInTheDocument();
    fireEvent.blur(no, { relatedTarget: document.body });
    expect(await screen.findByText('Smoker field is required')).toBeInTheDocument();
  });

  it('marks as required a field its uiSchema says a rule requires (the waiver\'s other reason)', () => {
    function Form() {
      const [data, setData] = useState<FormData>({ waivecoveragereason: 'Other' });
      return <DocumentForm document={baseForm('waiver')} formData={data} context={{ today: '2026-03-10' }} onChange={setData} onSubmit={() => undefined} submitText="Next" />;
    }
    renderWithEngine(<Form />);
    const other = screen.getByRole('textbox', { name: 'Other Reason' });
    expect(other).toBeRequired();
    expect(screen.getByText('Other Reason').closest('label')?.textContent).toBe('Other Reason *');
  });
});
