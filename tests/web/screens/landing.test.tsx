import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, signIn } from '../layout/test-app.tsx';
import { narrowScreen } from '../media-query.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const main = () => screen.getByRole('main');

describe('/ (landing)', () => {
  it('invites a visitor to sign in', () => {
    mockApi({});
    renderApp('/');
    expect(
      screen.getByRole('heading', { name: 'Welcome to Your Personalized Benefits Enrollment Portal' }),
    ).toBeInTheDocument();
    expect(within(main()).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('heading', { name: 'Getting Started is Easy' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Getting Started steps' })).getAllByRole('listitem')).toHaveLength(6);
    expect(screen.getByRole('link', { name: 'Sign in to start' })).toHaveAttribute('href', '/login');
    expect(screen.getByText(/click Authorize in your shopping cart/)).toBeInTheDocument();
  });

  it('sends a signed-in person to the profile', () => {
    signIn();
    mockApi({});
    renderApp('/');
    expect(within(main()).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('link', { name: 'Start Now' })).toHaveAttribute('href', '/profile');
  });

  it('walks the three-panel welcome flow on a narrow screen, and closing returns to the first panel', async () => {
    narrowScreen();
    signIn();
    mockApi({});
    renderApp('/');
    expect(within(main()).getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    await userEvent.click(within(main()).getByRole('button', { name: 'Get Started' }));
    await userEvent.click(within(main()).getByRole('button', { name: 'Proceed' }));
    const steps = within(main()).getByRole('list', { name: 'Enrollment steps' });
    expect(within(steps).getAllByRole('listitem')).toHaveLength(7);
    expect(steps).toHaveTextContent('Review plan documents');
    expect(within(main()).getByRole('link', { name: 'Proceed' })).toHaveAttribute('href', '/profile');

    await userEvent.click(within(main()).getByRole('button', { name: 'Close' }));
    expect(within(main()).getByRole('button', { name: 'Get Started' })).toBeInTheDocument();
  });
});
