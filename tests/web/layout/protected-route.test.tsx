import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { branding, EMPLOYER_ID, mockApi, ok, renderApp } from './test-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('protected routes', () => {
  it.each(['/profile', '/welcome', '/health-plan', '/contact-us'])('sends a signed-out visitor from %s to /login', async (path) => {
    mockApi({ [`GET /api/Employer/Branding/${EMPLOYER_ID}`]: ok(branding) });
    const { router } = renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
  });
});
