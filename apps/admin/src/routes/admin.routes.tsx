import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { AuthLayout } from '../components/auth-layout.tsx';
import { lazyPage, RouteSpinner } from './lazy-page.tsx';
import { NotFoundRoute, RouteErrorBoundary } from './route-error.tsx';

/**
 * The back-office shell (staff guard, sidebar, live counts) on a chunk of its own: the sign-in screen,
 * where every visit starts, does not download it (issue 16).
 */
const AdminLayout = lazy(async () => ({
  default: (await import('../components/admin-layout.tsx')).AdminLayout,
}));

/**
 * Every screen is its own chunk, loaded on first visit behind a spinner (spec §2), with the check of
 * its back-office area (roles outside it see a "no access" state instead). The 404 and error pages are
 * not lazy on purpose: they must render even when a chunk failed to download.
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
    element: (
      <Suspense fallback={<RouteSpinner className="min-h-dvh" />}>
        <AdminLayout />
      </Suspense>
    ),
    errorElement: <RouteErrorBoundary standalone />,
    children: [
      {
        errorElement: <RouteErrorBoundary />,
        children: [
          {
            index: true,
            element: lazyPage(() => import('./pages/dashboard.page.tsx'), 'DashboardPage', 'dashboard'),
          },
          {
            path: 'invoices',
            element: lazyPage(() => import('./pages/invoices.page.tsx'), 'InvoicesPage', 'invoices'),
          },
          {
            path: 'refund-requests',
            element: lazyPage(
              () => import('./pages/refund-requests.page.tsx'),
              'RefundRequestsPage',
              'refundRequests',
            ),
          },
          {
            path: 'plans',
            element: lazyPage(() => import('./pages/plans.page.tsx'), 'PlansPage', 'plans'),
          },
          {
            path: 'users',
            element: lazyPage(() => import('./pages/users.page.tsx'), 'UsersPage', 'users'),
          },
          {
            path: 'user/:id',
            element: lazyPage(() => import('./pages/user.page.tsx'), 'UserPage', 'users'),
          },
          {
            path: 'interviews',
            element: lazyPage(() => import('./pages/interviews.page.tsx'), 'InterviewsPage', 'interviews'),
          },
          {
            path: 'lessons',
            element: lazyPage(() => import('./pages/lessons.page.tsx'), 'LessonsPage', 'lessons'),
          },
          {
            path: 'topics',
            element: lazyPage(() => import('./pages/topics.page.tsx'), 'TopicsPage', 'topics'),
          },
          {
            path: 'reports',
            element: lazyPage(() => import('./pages/reports.page.tsx'), 'ReportsPage', 'reports'),
          },
          {
            path: 'contact-requests',
            element: lazyPage(
              () => import('./pages/contact-requests.page.tsx'),
              'ContactRequestsPage',
              'contactRequests',
            ),
          },
          {
            path: 'platform-settings',
            element: lazyPage(
              () => import('./pages/platform-settings.page.tsx'),
              'PlatformSettingsPage',
              'platformSettings',
            ),
          },
          {
            path: 'user-settings',
            element: lazyPage(
              () => import('./pages/user-settings.page.tsx'),
              'UserSettingsPage',
              'userSettings',
            ),
          },
          {
            path: 'photo-sessions',
            element: lazyPage(
              () => import('./pages/photo-sessions.page.tsx'),
              'PhotoSessionsPage',
              'photoSessions',
            ),
          },
          {
            path: 'photo-session/:tutorId',
            element: lazyPage(
              () => import('./pages/photo-session.page.tsx'),
              'PhotoSessionPage',
              'photoSessions',
            ),
          },
          {
            path: 'tutor/:id',
            element: lazyPage(() => import('./pages/tutor.page.tsx'), 'TutorPage', 'tutorProfile'),
          },
          {
            path: 'media',
            element: lazyPage(() => import('./pages/media.page.tsx'), 'MediaPage', 'media'),
          },
          {
            path: 'server-stats',
            element: lazyPage(
              () => import('./pages/server-stats.page.tsx'),
              'ServerStatsPage',
              'serverStats',
            ),
          },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
];
