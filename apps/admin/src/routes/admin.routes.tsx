import type { ReactElement, ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { AdminLayout } from '../components/admin-layout.tsx';
import { AuthLayout } from '../components/auth-layout.tsx';
import { RequireSection } from '../components/require-section.tsx';
import type { AdminSection } from '../lib/staff-access.ts';
import { lazyPage } from './lazy-page.tsx';
import { NotFoundRoute, RouteErrorBoundary } from './route-error.tsx';

/** A screen of one back-office area: roles outside it see a "no access" state instead. */
function inSection(section: AdminSection, page: ReactNode): ReactElement {
  return <RequireSection section={section}>{page}</RequireSection>;
}

/**
 * Every screen is its own chunk, loaded on first visit behind a spinner (spec §2). The 404 and error
 * pages are not lazy on purpose: they must render even when a chunk failed to download.
 */
export const adminRoutes: RouteObject[] = [
  {
    element: <AuthLayout />,
    errorElement: <RouteErrorBoundary standalone />,
    children: [
      { path: '/login', element: lazyPage(() => import('./pages/login.page.tsx'), 'LoginPage') },
      {
        path: '/verify-email',
        element: lazyPage(() => import('./pages/verify-email.page.tsx'), 'VerifyEmailPage'),
      },
    ],
  },
  {
    path: '/',
    element: <AdminLayout />,
    errorElement: <RouteErrorBoundary standalone />,
    children: [
      {
        errorElement: <RouteErrorBoundary />,
        children: [
          {
            index: true,
            element: inSection(
              'dashboard',
              lazyPage(() => import('./pages/dashboard.page.tsx'), 'DashboardPage'),
            ),
          },
          {
            path: 'invoices',
            element: inSection(
              'invoices',
              lazyPage(() => import('./pages/invoices.page.tsx'), 'InvoicesPage'),
            ),
          },
          {
            path: 'plans',
            element: inSection(
              'plans',
              lazyPage(() => import('./pages/plans.page.tsx'), 'PlansPage'),
            ),
          },
          {
            path: 'users',
            element: inSection(
              'users',
              lazyPage(() => import('./pages/users.page.tsx'), 'UsersPage'),
            ),
          },
          {
            path: 'user/:id',
            element: inSection(
              'users',
              lazyPage(() => import('./pages/user.page.tsx'), 'UserPage'),
            ),
          },
          {
            path: 'interviews',
            element: inSection(
              'interviews',
              lazyPage(() => import('./pages/interviews.page.tsx'), 'InterviewsPage'),
            ),
          },
          {
            path: 'lessons',
            element: inSection(
              'lessons',
              lazyPage(() => import('./pages/lessons.page.tsx'), 'LessonsPage'),
            ),
          },
          {
            path: 'topics',
            element: inSection(
              'topics',
              lazyPage(() => import('./pages/topics.page.tsx'), 'TopicsPage'),
            ),
          },
          {
            path: 'reports',
            element: inSection(
              'reports',
              lazyPage(() => import('./pages/reports.page.tsx'), 'ReportsPage'),
            ),
          },
          {
            path: 'contact-requests',
            element: inSection(
              'contactRequests',
              lazyPage(() => import('./pages/contact-requests.page.tsx'), 'ContactRequestsPage'),
            ),
          },
          {
            path: 'platform-settings',
            element: inSection(
              'platformSettings',
              lazyPage(() => import('./pages/platform-settings.page.tsx'), 'PlatformSettingsPage'),
            ),
          },
          {
            path: 'user-settings',
            element: inSection(
              'userSettings',
              lazyPage(() => import('./pages/user-settings.page.tsx'), 'UserSettingsPage'),
            ),
          },
          {
            path: 'photo-sessions',
            element: inSection(
              'photoSessions',
              lazyPage(() => import('./pages/photo-sessions.page.tsx'), 'PhotoSessionsPage'),
            ),
          },
          {
            path: 'photo-session/:tutorId',
            element: inSection(
              'photoSessions',
              lazyPage(() => import('./pages/photo-session.page.tsx'), 'PhotoSessionPage'),
            ),
          },
          {
            path: 'tutor/:id',
            element: inSection(
              'tutorProfile',
              lazyPage(() => import('./pages/tutor.page.tsx'), 'TutorPage'),
            ),
          },
          {
            path: 'media',
            element: inSection(
              'media',
              lazyPage(() => import('./pages/media.page.tsx'), 'MediaPage'),
            ),
          },
          {
            path: 'server-stats',
            element: inSection(
              'serverStats',
              lazyPage(() => import('./pages/server-stats.page.tsx'), 'ServerStatsPage'),
            ),
          },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
];
