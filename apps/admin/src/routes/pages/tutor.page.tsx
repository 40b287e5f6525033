import { readRowId } from '@hiwar/domain';
import { adminLessonsMessages, Card, CardContent, CardDescription, CardHeader, CardTitle } from '@hiwar/ui';
import { useParams } from 'react-router';
import { useStaffUser } from '../../components/staff-guard.tsx';
import { TutorInterviewsCard } from '../../features/interviews/components/tutor-interviews-card.tsx';
import { TutorOnboardingCard } from '../../features/interviews/components/tutor-onboarding-card.tsx';
import { LessonsPanel } from '../../features/lessons/components/lessons-panel.tsx';
import { TutorDetails } from '../../features/tutors/components/tutor-details.tsx';
import { canOpenSection, isAdminRole } from '../../lib/staff-access.ts';

const text = adminLessonsMessages.tutor.lessons;

/**
 * `/tutor/:id` (SuperAdmin, RegularAdmin, TutorManager: rules.md "view tutors"): the tutor's profile,
 * onboarding state and interviews, schedule and ratings. The lessons show to admins, who may see and
 * cancel anyone's (a TutorManager sees only their own lessons, so only on their own page).
 */
export function TutorPage() {
  const { id } = useParams();
  const tutorId = readRowId(id) ?? null;
  const viewer = useStaffUser();
  const showLessons = tutorId !== null && (isAdminRole(viewer.role) || viewer.id === tutorId);
  const canOpenInterviews = canOpenSection(viewer.role, 'interviews');
  return (
    <TutorDetails
      key={id}
      id={tutorId}
      onboarding={
        tutorId === null ? null : (
          <>
            <TutorOnboardingCard
              tutorId={tutorId}
              canOpenInterviews={canOpenInterviews}
              canOpenPhotoSession={canOpenSection(viewer.role, 'photoSessions')}
            />
            {canOpenInterviews ? <TutorInterviewsCard tutorId={tutorId} /> : null}
          </>
        )
      }
      lessons={
        showLessons ? (
          <Card>
            <CardHeader>
              <CardTitle as="h2" className="text-base">
                {text.title}
              </CardTitle>
              <CardDescription>{text.description}</CardDescription>
            </CardHeader>
            <CardContent>
              <LessonsPanel tutorId={tutorId} />
            </CardContent>
          </Card>
        ) : null
      }
    />
  );
}
