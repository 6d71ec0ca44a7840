/**
 * The console's screens, under /staff. The document editor (CodeMirror, the form engine and rjsf for the
 * preview) loads only when opened.
 */
import { Loader } from '@mantine/core';
import type { RouteObject } from 'react-router-dom';
import { ConsoleLayout } from './layout/console-layout.tsx';
import { AuditScreen } from './screens/audit-screen.tsx';
import { EmployerScreen } from './screens/employer-screen.tsx';
import { EmployersScreen } from './screens/employers-screen.tsx';
import { EventsScreen } from './screens/events-screen.tsx';
import { NewEmployerScreen } from './screens/new-employer-screen.tsx';
import { SecurityScreen } from './screens/security-screen.tsx';
import { SignInScreen } from './screens/sign-in-screen.tsx';
import { StaffUsersScreen } from './screens/staff-users-screen.tsx';

export const staffRoutes: RouteObject[] = [
  { path: '/sign-in', element: <SignInScreen /> },
  {
    path: '/',
    element: <ConsoleLayout />,
    children: [
      { index: true, element: <EmployersScreen /> },
      { path: 'employers/new', element: <NewEmployerScreen /> },
      {
        path: 'employers/:accountid/documents/:documentid',
        hydrateFallbackElement: <Loader aria-label="Loading the editor" />,
        lazy: async () => ({ Component: (await import('./documents/editor/document-editor-screen.tsx')).DocumentEditorScreen }),
      },
      { path: 'employers/:accountid/:section?', element: <EmployerScreen /> },
      { path: 'events', element: <EventsScreen /> },
      { path: 'audit', element: <AuditScreen /> },
      { path: 'users', element: <StaffUsersScreen /> },
      { path: 'security', element: <SecurityScreen /> },
    ],
  },
];
