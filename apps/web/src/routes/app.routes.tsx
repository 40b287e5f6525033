import type { RouteObject } from 'react-router';
import { HomePage } from './home-page.tsx';
import { RootLayout } from './root-layout.tsx';
import { NotFoundRoute, RouteErrorBoundary } from './route-error.tsx';

/**
 * Paths of spec §2 whose screens are not built yet. They are real routes (so they are not 404s) that
 * render only the layout; a feature replaces its entry with a route object carrying its screen.
 */
export const PENDING_PATHS = [
  '/chat',
  '/complete-profile',
  '/checkout/:planId/:period',
  '/interviews',
  '/invoices',
  '/login',
  '/payments',
  '/profile',
  '/register/:role',
  '/reset-password',
  '/lessons-schedule',
  '/schedule-management',
  '/s/dashboard',
  '/t/dashboard',
  '/t/settings',
  '/s/settings',
  '/s/settings-v2',
  '/subscription',
  '/tutor/onboarding',
  '/tutors',
  '/t/:id',
  '/upcoming-lessons',
  '/verify-email',
  '/forget-password',
  '/lesson/:id',
  '/session',
  '/card-added',
  '/t/complete-profile',
] as const;

export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    // The layout itself failed: show the 404-style page on its own.
    errorElement: <RouteErrorBoundary standalone />,
    children: [
      {
        // A screen failed: keep the header so the user can navigate away.
        errorElement: <RouteErrorBoundary />,
        children: [
          { index: true, element: <HomePage /> },
          // `element: null` renders nothing (and tells React Router the emptiness is intended).
          ...PENDING_PATHS.map((path): RouteObject => ({ path, element: null })),
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
];
