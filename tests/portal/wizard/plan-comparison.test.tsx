/**
 * The compare table (spec §2 Plan comparison screen) when it is wider than the screen: a region the keyboard can
 * focus and scroll, named by its heading, described by the catalogue's cue while plans lie beyond its edge; the row
 * labels stay in view. jsdom lays nothing out, so the widths the browser would measure are given.
 */
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { HealthPlan } from '#contracts/entities.ts';
import { BaseProviders } from '#web/app.tsx';
import { Comparison } from '#portal/wizard/shop/plan-views.tsx';

const plan = (planid: string, issuername: string) =>
  ({ planid, issuername, planname: `Plan ${planid}`, rate: 300, annualdeductibleindividual: 2000 }) as HealthPlan;

const plans = [plan('A1', 'Aetna'), plan('B1', 'Blue Cross'), plan('C1', 'Cigna')];

/** Every element measures `scrollWidth` wide inside a box `clientWidth` wide (only the scroll container is asked). */
function widths(scrollWidth: number, clientWidth: number): void {
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(scrollWidth);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(clientWidth);
}

function renderComparison() {
  render(
    <BaseProviders>
      <Comparison plans={plans} onBack={() => {}} />
    </BaseProviders>,
  );
}

describe('the compare table', () => {
  it('on a phone, scrolls in a named, focusable region that says more plans lie beyond its edge', () => {
    widths(580, 358);
    renderComparison();
    const region = screen.getByRole('region', { name: 'Plan Comparison' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region).toHaveAccessibleDescription('Scroll to see more plans');
    expect(screen.getByText('Scroll to see more plans')).toBeVisible();
    const table = within(region).getByRole('table', { name: 'Plan Comparison' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['', 'Aetna', 'Blue Cross', 'Cigna']);
    // The row labels stay in view while the plans scroll under them.
    for (const label of within(table).getAllByRole('rowheader')) expect(label).toHaveStyle({ position: 'sticky', left: '0px' });
  });

  it('on a desk, where every plan fits, says nothing of scrolling', () => {
    widths(900, 900);
    renderComparison();
    const region = screen.getByRole('region', { name: 'Plan Comparison' });
    expect(region).not.toHaveAttribute('aria-describedby');
    expect(screen.queryByText('Scroll to see more plans')).not.toBeInTheDocument();
  });
});
