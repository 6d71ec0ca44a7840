/** The route table (spec §2 Route list). Protected pages sit under RequireSignIn; every failure shows ErrorFallback. */
import { Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router-dom';
import { AppLayout, type RouteHandle } from './layout/app-layout.tsx';
import { ErrorFallback } from './layout/error-fallback.tsx';
import { RequireSignIn } from './layout/require-sign-in.tsx';
import { ContactUsScreen } from './screens/contact-us-screen.tsx';
import { HealthPlanScreen } from './screens/health-plan-screen.tsx';
import { LandingScreen } from './screens/landing-screen.tsx';
import { LoginScreen } from './screens/login-screen.tsx';
import { RegisterScreen } from './screens/register-screen.tsx';
import { SetPasswordScreen } from './screens/set-password-screen.tsx';
import { WelcomeScreen } from './screens/welcome-screen.tsx';

// The wizard is the biggest part of the app: it loads only once a signed-in person gets there.
const EnrollmentWizard = lazy(async () => ({
  default: (await import('./wizard/enrollment-wizard.tsx')).EnrollmentWizard,
}));

const employerHeader: RouteHandle = { header: 'employer' };

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    errorElement: <ErrorFallback />,
    children: [
      { index: true, element: <LandingScreen /> },
      { path: 'login', element: <LoginScreen /> },
      { path: 'register', element: <RegisterScreen />, handle: employerHeader },
      { path: 'set-password', element: <SetPasswordScreen />, handle: employerHeader },
      {
        element: <RequireSignIn />,
        children: [
          {
            // The wizard's steps have their own addresses under /profile (enrollment-wizard.tsx).
            path: 'profile/*',
            element: (
              <Suspense fallback={<Loader aria-label="Loading" m="xl" />}>
                <EnrollmentWizard />
              </Suspense>
            ),
          },
          { path: 'welcome', element: <WelcomeScreen /> },
          { path: 'health-plan', element: <HealthPlanScreen /> },
          { path: 'contact-us', element: <ContactUsScreen /> },
        ],
      },
    ],
  },
];
