import { Role } from '@hiwar/domain';
import { Navigate, type RouteObject, useLocation } from 'react-router';
import { HomePage } from './home-page.tsx';
import { guarded, page, RouteSpinner } from './lazy-route.tsx';
import { RootLayout } from './root-layout.tsx';
import { NotFoundRoute, RouteErrorBoundary } from './route-error.tsx';

const STUDENT = [Role.Student] as const;
const TUTOR = [Role.Tutor, Role.TutorManager] as const;
const LESSON_MEMBERS = [Role.Student, Role.Tutor, Role.TutorManager] as const;

/**
 * Paths of spec §2 whose screens are not built yet. They are real routes (so they are not 404s) that
 * render only the layout, behind the same guard their screen will have; a feature replaces its entry
 * with a route object carrying its screen.
 */
export const PENDING_PUBLIC_PATHS = [] as const;
/** Any signed-in user. */
export const PENDING_PRIVATE_PATHS = [] as const;
export const PENDING_STUDENT_PATHS = [] as const;
export const PENDING_TUTOR_PATHS = [] as const;

/** A second path of one screen (the spec names both): sent on to `to`, keeping query and hash. */
function RedirectTo({ to }: { to: string }) {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: to, search, hash }} replace />;
}

// `element: null` renders nothing (and tells React Router the emptiness is intended).
const pending = (paths: readonly string[]): RouteObject[] => paths.map((path) => ({ path, element: null }));

export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    hydrateFallbackElement: <RouteSpinner />,
    // The layout itself failed: show the 404-style page on its own.
    errorElement: <RouteErrorBoundary standalone />,
    children: [
      {
        // A screen failed: keep the header so the user can navigate away.
        errorElement: <RouteErrorBoundary />,
        children: [
          { index: true, element: <HomePage /> },
          { path: '/login', lazy: page(() => import('./account/login-page.tsx'), 'LoginPage') },
          {
            path: '/register/:role',
            lazy: page(() => import('./account/register-page.tsx'), 'RegisterPage'),
          },
          // Public: the e-mailed link works signed out; the code form asks to sign in itself.
          {
            path: '/verify-email',
            lazy: page(() => import('./account/verify-email-page.tsx'), 'VerifyEmailPage'),
          },
          {
            path: '/forget-password',
            lazy: page(() => import('./account/forget-password-page.tsx'), 'ForgetPasswordPage'),
          },
          {
            path: '/reset-password',
            lazy: page(() => import('./account/reset-password-page.tsx'), 'ResetPasswordPage'),
          },
          { path: '/tutors', lazy: page(() => import('./tutors/tutors-page.tsx'), 'TutorsPage') },
          { path: '/t/:id', lazy: page(() => import('./tutors/tutor-profile-page.tsx'), 'TutorProfilePage') },
          ...pending(PENDING_PUBLIC_PATHS),
          {
            lazy: guarded(),
            children: [
              { path: '/profile', lazy: page(() => import('./account/profile-page.tsx'), 'ProfilePage') },
              // Tutors are sent on to /t/complete-profile by the page itself.
              {
                path: '/complete-profile',
                lazy: page(() => import('./account/complete-profile-page.tsx'), 'CompleteProfilePage'),
              },
              {
                path: '/lesson/:id',
                lazy: page(() => import('./session/session-pages.tsx'), 'LessonRoomPage'),
              },
              { path: '/session', lazy: page(() => import('./session/session-pages.tsx'), 'SessionPage') },
              { path: '/chat', lazy: page(() => import('./chat/chat-page.tsx'), 'ChatPage') },
              {
                path: '/reports',
                lazy: page(() => import('./support/my-reports-page.tsx'), 'MyReportsPage'),
              },
              ...pending(PENDING_PRIVATE_PATHS),
            ],
          },
          {
            lazy: guarded(STUDENT),
            children: [
              {
                path: '/s/settings',
                lazy: page(() => import('./account/student-settings-page.tsx'), 'StudentSettingsPage'),
              },
              // The spec's second settings path: one implementation, at /s/settings.
              { path: '/s/settings-v2', element: <RedirectTo to="/s/settings" /> },
              {
                path: '/subscription',
                lazy: page(() => import('./payments/subscription-page.tsx'), 'SubscriptionPage'),
              },
              {
                path: '/checkout/result',
                lazy: page(() => import('./payments/checkout-result-page.tsx'), 'CheckoutResultPage'),
              },
              {
                path: '/checkout/trial',
                lazy: page(() => import('./payments/trial-checkout-page.tsx'), 'TrialCheckoutPage'),
              },
              {
                path: '/checkout/:planId/:period',
                lazy: page(() => import('./payments/checkout-page.tsx'), 'CheckoutPage'),
              },
              {
                path: '/card-added',
                lazy: page(() => import('./payments/card-added-page.tsx'), 'CardAddedPage'),
              },
              { path: '/payments', lazy: page(() => import('./payments/payments-page.tsx'), 'PaymentsPage') },
              {
                path: '/s/dashboard',
                lazy: page(() => import('./lessons/student-dashboard-page.tsx'), 'StudentDashboardPage'),
              },
              {
                path: '/upcoming-lessons',
                lazy: page(() => import('./lessons/upcoming-lessons-page.tsx'), 'UpcomingLessonsPage'),
              },
              ...pending(PENDING_STUDENT_PATHS),
            ],
          },
          {
            lazy: guarded(TUTOR),
            children: [
              {
                path: '/t/settings',
                lazy: page(() => import('./account/tutor-settings-page.tsx'), 'TutorSettingsPage'),
              },
              {
                path: '/t/complete-profile',
                lazy: page(
                  () => import('./account/tutor-complete-profile-page.tsx'),
                  'TutorCompleteProfilePage',
                ),
              },
              {
                path: '/schedule-management',
                lazy: page(() => import('./schedule/schedule-management-page.tsx'), 'ScheduleManagementPage'),
              },
              {
                path: '/t/dashboard',
                lazy: page(() => import('./tutor-dashboard/tutor-dashboard-page.tsx'), 'TutorDashboardPage'),
              },
              // TutorManagers get their interviews to conduct; the onboarding page tells them it is for tutors.
              {
                path: '/tutor/onboarding',
                lazy: page(() => import('./interviews/tutor-onboarding-page.tsx'), 'TutorOnboardingPage'),
              },
              {
                path: '/interviews',
                lazy: page(() => import('./interviews/interviews-page.tsx'), 'InterviewsPage'),
              },
              { path: '/invoices', lazy: page(() => import('./invoices/invoices-page.tsx'), 'InvoicesPage') },
              ...pending(PENDING_TUTOR_PATHS),
            ],
          },
          {
            lazy: guarded(LESSON_MEMBERS),
            children: [
              {
                path: '/lessons-schedule',
                lazy: page(() => import('./lessons/lessons-schedule-page.tsx'), 'LessonsSchedulePage'),
              },
            ],
          },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
];
