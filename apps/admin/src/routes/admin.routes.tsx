import type { RouteObject } from 'react-router';
import { AdminLayout } from '../components/admin-layout.tsx';
import { AuthLayout } from '../components/auth-layout.tsx';
import { lazyPage } from './lazy-page.tsx';
import { NotFoundRoute, RouteErrorBoundary } from './route-error.tsx';

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
          { index: true, element: lazyPage(() => import('./pages/dashboard.page.tsx'), 'DashboardPage') },
          { path: 'invoices', element: lazyPage(() => import('./pages/invoices.page.tsx'), 'InvoicesPage') },
          { path: 'plans', element: lazyPage(() => import('./pages/plans.page.tsx'), 'PlansPage') },
          { path: 'users', element: lazyPage(() => import('./pages/users.page.tsx'), 'UsersPage') },
          { path: 'user/:id', element: lazyPage(() => import('./pages/user.page.tsx'), 'UserPage') },
          {
            path: 'interviews',
            element: lazyPage(() => import('./pages/interviews.page.tsx'), 'InterviewsPage'),
          },
          { path: 'lessons', element: lazyPage(() => import('./pages/lessons.page.tsx'), 'LessonsPage') },
          { path: 'topics', element: lazyPage(() => import('./pages/topics.page.tsx'), 'TopicsPage') },
          {
            path: 'platform-settings',
            element: lazyPage(() => import('./pages/platform-settings.page.tsx'), 'PlatformSettingsPage'),
          },
          {
            path: 'user-settings',
            element: lazyPage(() => import('./pages/user-settings.page.tsx'), 'UserSettingsPage'),
          },
          {
            path: 'photo-sessions',
            element: lazyPage(() => import('./pages/photo-sessions.page.tsx'), 'PhotoSessionsPage'),
          },
          {
            path: 'photo-session/:tutorId',
            element: lazyPage(() => import('./pages/photo-session.page.tsx'), 'PhotoSessionPage'),
          },
          { path: 'tutor/:id', element: lazyPage(() => import('./pages/tutor.page.tsx'), 'TutorPage') },
          // Spec §2: defined, with no screen shown.
          { path: 'media', element: null },
          { path: 'server-stats', element: null },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
];
