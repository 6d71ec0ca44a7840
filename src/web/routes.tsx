/**
 * The route table (spec §2 Route list, plus the password reset and the Terms of Use and Privacy Policy documents).
 * Protected pages sit under RequireSignIn; an unknown address shows NotFoundScreen; every failure shows
 * ErrorFallback. Only the landing page is in the entry bundle: every other screen, and the form engine with rjsf
 * (EngineRoot), is a chunk of its own that loads when its route first shows (the page frame shows meanwhile).
 */
import { Loader } from '@mantine/core';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteObject } from 'react-router-dom';
import { AppLayout, type RouteHandle } from './layout/app-layout.tsx';
import { ErrorFallback } from './layout/feedback/error-fallback.tsx';
import { RequireSignIn } from './layout/session/require-sign-in.tsx';
import { LandingScreen } from './screens/landing-screen.tsx';
import { messages } from '#portal/messages.ts';

const EngineRoot = lazy(async () => ({ default: (await import('./engine-root.tsx')).EngineRoot }));
const LoginScreen = lazy(async () => ({ default: (await import('./screens/login-screen.tsx')).LoginScreen }));
const RegisterScreen = lazy(async () => ({ default: (await import('./screens/register-screen.tsx')).RegisterScreen }));
const SetPasswordScreen = lazy(async () => ({
  default: (await import('./screens/set-password-screen.tsx')).SetPasswordScreen,
}));
// The wizard is the biggest part of the app: it loads only once a signed-in person gets there.
const EnrollmentWizard = lazy(async () => ({
  default: (await import('./wizard/enrollment-wizard.tsx')).EnrollmentWizard,
}));
const WelcomeScreen = lazy(async () => ({ default: (await import('./screens/welcome-screen.tsx')).WelcomeScreen }));
const HealthPlanScreen = lazy(async () => ({
  default: (await import('./screens/health-plan-screen.tsx')).HealthPlanScreen,
}));
const ForgotPasswordScreen = lazy(async () => ({
  default: (await import('./screens/forgot-password-screen.tsx')).ForgotPasswordScreen,
}));
const ResetPasswordScreen = lazy(async () => ({
  default: (await import('./screens/reset-password-screen.tsx')).ResetPasswordScreen,
}));
const TextDocumentScreen = lazy(async () => ({
  default: (await import('./screens/text-document-screen.tsx')).TextDocumentScreen,
}));
const ContactUsScreen = lazy(async () => ({ default: (await import('./screens/contact-us-screen.tsx')).ContactUsScreen }));
const NotFoundScreen = lazy(async () => ({ default: (await import('./screens/not-found-screen.tsx')).NotFoundScreen }));

let laterScreens = 0;

/** The spinner while a screen's chunk loads (its name read as it renders, once the catalogue is loaded). */
function ScreenLoading() {
  return <Loader aria-label={messages['loading']} m="xl" />;
}

/**
 * A lazily loaded screen, with a spinner while its chunk loads. Each screen's boundary has its own key: route
 * changes are transitions, during which React keeps showing a boundary's old content, so without it the previous
 * screen (the sign-in form, with its own Email field) would stay on screen under the new address until the chunk
 * arrived, and what was typed into it would be lost.
 */
function later(Screen: LazyExoticComponent<ComponentType>) {
  return (
    <Suspense key={`screen-${++laterScreens}`} fallback={<ScreenLoading />}>
      <Screen />
    </Suspense>
  );
}

/** The Terms of Use or Privacy Policy document (text only), loaded with its chunk. */
function TextDocument({ id }: { id: 'terms' | 'privacy' }) {
  return (
    <Suspense key={id} fallback={<ScreenLoading />}>
      <TextDocumentScreen id={id} />
    </Suspense>
  );
}

const employerHeader: RouteHandle = { header: 'employer' };

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    errorElement: <ErrorFallback />,
    children: [
      { index: true, element: <LandingScreen /> },
      {
        // The screens that show a form: the engine's services (and rjsf) around them.
        element: later(EngineRoot),
        children: [
          { path: 'login', element: later(LoginScreen) },
          { path: 'register', element: later(RegisterScreen), handle: employerHeader },
          { path: 'set-password', element: later(SetPasswordScreen), handle: employerHeader },
          { path: 'forgot-password', element: later(ForgotPasswordScreen) },
          { path: 'reset-password', element: later(ResetPasswordScreen) },
          { path: 'terms', element: <TextDocument id="terms" /> },
          { path: 'privacy', element: <TextDocument id="privacy" /> },
          {
            element: <RequireSignIn />,
            // The wizard's steps have their own addresses under /profile (enrollment-wizard.tsx).
            children: [{ path: 'profile/*', element: later(EnrollmentWizard) }],
          },
        ],
      },
      {
        // Signed-in screens that show no form: without the engine.
        element: <RequireSignIn />,
        children: [
          { path: 'welcome', element: later(WelcomeScreen) },
          { path: 'health-plan', element: later(HealthPlanScreen) },
          { path: 'contact-us', element: later(ContactUsScreen) },
        ],
      },
      // Any other address: a page in the frame, with the header and a way back (not the router's failure page).
      { path: '*', element: later(NotFoundScreen) },
    ],
  },
];
