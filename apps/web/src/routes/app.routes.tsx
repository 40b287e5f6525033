import { Role } from '@hiwar/domain';
import type { RouteObject } from 'react-router';
import { RequireAuth } from '../features/account/components/require-auth.tsx';
import { CompleteProfilePage } from './account/complete-profile-page.tsx';
import { ForgetPasswordPage } from './account/forget-password-page.tsx';
import { LoginPage } from './account/login-page.tsx';
import { ProfilePage } from './account/profile-page.tsx';
import { RegisterPage } from './account/register-page.tsx';
import { ResetPasswordPage } from './account/reset-password-page.tsx';
import { StudentSettingsPage } from './account/student-settings-page.tsx';
import { TutorCompleteProfilePage } from './account/tutor-complete-profile-page.tsx';
import { TutorSettingsPage } from './account/tutor-settings-page.tsx';
import { VerifyEmailPage } from './account/verify-email-page.tsx';
import { HomePage } from './home-page.tsx';
import { CardAddedPage } from './payments/card-added-page.tsx';
import { CheckoutPage } from './payments/checkout-page.tsx';
import { CheckoutResultPage } from './payments/checkout-result-page.tsx';
import { PaymentsPage } from './payments/payments-page.tsx';
import { SubscriptionPage } from './payments/subscription-page.tsx';
import { RootLayout } from './root-layout.tsx';
import { NotFoundRoute, RouteErrorBoundary } from './route-error.tsx';

const STUDENT = [Role.Student] as const;
const TUTOR = [Role.Tutor, Role.TutorManager] as const;

/**
 * Paths of spec §2 whose screens are not built yet. They are real routes (so they are not 404s) that
 * render only the layout, behind the same guard their screen will have; a feature replaces its entry
 * with a route object carrying its screen.
 */
export const PENDING_PUBLIC_PATHS = ['/tutors', '/t/:id'] as const;
/** Any signed-in user. */
export const PENDING_PRIVATE_PATHS = ['/chat', '/lesson/:id', '/session'] as const;
export const PENDING_STUDENT_PATHS = ['/s/dashboard', '/upcoming-lessons'] as const;
export const PENDING_TUTOR_PATHS = [
  '/t/dashboard',
  '/interviews',
  '/invoices',
  '/lessons-schedule',
  '/schedule-management',
  '/tutor/onboarding',
] as const;

// `element: null` renders nothing (and tells React Router the emptiness is intended).
const pending = (paths: readonly string[]): RouteObject[] => paths.map((path) => ({ path, element: null }));

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
          { path: '/login', element: <LoginPage /> },
          { path: '/register/:role', element: <RegisterPage /> },
          // Public: the e-mailed link works signed out; the code form asks to sign in itself.
          { path: '/verify-email', element: <VerifyEmailPage /> },
          { path: '/forget-password', element: <ForgetPasswordPage /> },
          { path: '/reset-password', element: <ResetPasswordPage /> },
          ...pending(PENDING_PUBLIC_PATHS),
          {
            element: <RequireAuth />,
            children: [
              { path: '/profile', element: <ProfilePage /> },
              // Tutors are sent on to /t/complete-profile by the page itself.
              { path: '/complete-profile', element: <CompleteProfilePage /> },
              ...pending(PENDING_PRIVATE_PATHS),
            ],
          },
          {
            element: <RequireAuth roles={STUDENT} />,
            children: [
              { path: '/s/settings', element: <StudentSettingsPage /> },
              { path: '/s/settings-v2', element: <StudentSettingsPage /> },
              { path: '/subscription', element: <SubscriptionPage /> },
              { path: '/checkout/result', element: <CheckoutResultPage /> },
              { path: '/checkout/:planId/:period', element: <CheckoutPage /> },
              { path: '/card-added', element: <CardAddedPage /> },
              { path: '/payments', element: <PaymentsPage /> },
              ...pending(PENDING_STUDENT_PATHS),
            ],
          },
          {
            element: <RequireAuth roles={TUTOR} />,
            children: [
              { path: '/t/settings', element: <TutorSettingsPage /> },
              { path: '/t/complete-profile', element: <TutorCompleteProfilePage /> },
              ...pending(PENDING_TUTOR_PATHS),
            ],
          },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
];
