import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { branding, EMPLOYER_ID, mockApi, ok, renderApp, signIn } from '../layout/test-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const TEAM_ID = '22222222-3333-4444-8555-666666666666';

function api(brokers: unknown[]) {
  return mockApi({
    [`GET /api/Employer/Branding/${EMPLOYER_ID}`]: ok(branding),
    [`GET /api/Employer/${EMPLOYER_ID}`]: ok({ ...branding, teamid: TEAM_ID }),
    [`GET /api/Brocker/${TEAM_ID}`]: ok(brokers),
  });
}

describe('/contact-us', () => {
  it("shows the team broker's name, email and contact number", async () => {
    signIn();
    api([{ firstName: 'Bob', lastName: 'Broker', emailAddress: 'bob@brokers.example', phoneNumber: '555-0199' }]);
    renderApp('/contact-us');
    // The screen's chunk and then the brokers load: a spinner meanwhile.
    expect(screen.getByLabelText('Loading')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Contact Us' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByText('Bob Broker')).toBeInTheDocument();
    expect(screen.getByText('bob@brokers.example')).toBeInTheDocument();
    expect(screen.getByText('555-0199')).toBeInTheDocument();
  });

  it("shows 'Not Available' for what is missing", async () => {
    signIn();
    api([]);
    renderApp('/contact-us');
    await waitFor(() => expect(screen.getAllByText('Not Available')).toHaveLength(3));
  });

  it('goes back to the previous page', async () => {
    signIn();
    api([]);
    const { router } = renderApp('/');
    await router.navigate('/contact-us');
    await userEvent.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
