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
import { ChatPage } from './chat/chat-page.tsx';
import { HomePage } from './home-page.tsx';
import { LessonsSchedulePage } from './lessons/lessons-schedule-page.tsx';
import { StudentDashboardPage } from './lessons/student-dashboard-page.tsx';
import { UpcomingLessonsPage } from './lessons/upcoming-lessons-page.tsx';
import { CardAddedPage } from './payments/card-added-page.tsx';
import { CheckoutPage } from './payments/checkout-page.tsx';
import { CheckoutResultPage } from './payments/checkout-result-page.tsx';
import { PaymentsPage } from './payments/payments-page.tsx';
import { SubscriptionPage } from './payments/subscription-page.tsx';
import { RootLayout } from './root-layout.tsx';
import { NotFoundRoute, RouteErrorBoundary } from './route-error.tsx';
import { ScheduleManagementPage } from './schedule/schedule-management-page.tsx';
import { LessonRoomPage, SessionPage } from './session/session-pages.tsx';
import { TutorDashboardPage } from './tutor-dashboard/tutor-dashboard-page.tsx';
import { TutorProfilePage } from './tutors/tutor-profile-page.tsx';
import { TutorsPage } from './tutors/tutors-page.tsx';

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
export const PENDING_TUTOR_PATHS = ['/interviews', '/invoices', '/tutor/onboarding'] as const;

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
          { path: '/tutors', element: <TutorsPage /> },
          { path: '/t/:id', element: <TutorProfilePage /> },
          ...pending(PENDING_PUBLIC_PATHS),
          {
            element: <RequireAuth />,
            children: [
              { path: '/profile', element: <ProfilePage /> },
              // Tutors are sent on to /t/complete-profile by the page itself.
              { path: '/complete-profile', element: <CompleteProfilePage /> },
              { path: '/lesson/:id', element: <LessonRoomPage /> },
              { path: '/session', element: <SessionPage /> },
              { path: '/chat', element: <ChatPage /> },
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
              { path: '/s/dashboard', element: <StudentDashboardPage /> },
              { path: '/upcoming-lessons', element: <UpcomingLessonsPage /> },
              ...pending(PENDING_STUDENT_PATHS),
            ],
          },
          {
            element: <RequireAuth roles={TUTOR} />,
            children: [
              { path: '/t/settings', element: <TutorSettingsPage /> },
              { path: '/t/complete-profile', element: <TutorCompleteProfilePage /> },
              { path: '/schedule-management', element: <ScheduleManagementPage /> },
              { path: '/t/dashboard', element: <TutorDashboardPage /> },
              ...pending(PENDING_TUTOR_PATHS),
            ],
          },
          {
            element: <RequireAuth roles={LESSON_MEMBERS} />,
            children: [{ path: '/lessons-schedule', element: <LessonsSchedulePage /> }],
          },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
];
