import { isApiError, useTutorInfo, useTutorMeta } from '@hiwar/client';
import { adminLessonsMessages, adminMessages, Button } from '@hiwar/ui';
import { UserRound, UserX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AdminPage } from '../../../components/admin-page.tsx';
import { BackLink } from '../../../components/back-link.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { NotFoundState } from '../../../components/not-found-state.tsx';
import { TutorEarningsCard } from './tutor-earnings-card.tsx';
import { TutorProfileCard, TutorProfileSkeleton } from './tutor-profile-card.tsx';
import { TutorRatingsCard } from './tutor-ratings-card.tsx';
import { TutorWeekSchedule } from './tutor-week-schedule.tsx';

const text = adminLessonsMessages.tutor;

const TUTORS_LIST = '/users?role=3';

export interface TutorDetailsProps {
  /** From the path; `null` when it is not an id (shown as not found). */
  id: number | null;
  /** The tutor's lessons, when the viewer may see them (the route composes the lessons feature here). */
  lessons?: ReactNode;
  /** Onboarding state and interview history (the route composes the interviews feature here). */
  onboarding?: ReactNode;
}

/**
 * `/tutor/{id}` for staff: the profile as students would see it plus activation and interview, the
 * onboarding and interviews (slot), the week's schedule read-only, the lessons (slot) and the ratings. An id that is not a tutor shows a
 * not-found state.
 */
export function TutorDetails({ id, lessons, onboarding }: TutorDetailsProps) {
  const info = useTutorInfo(id);
  const meta = useTutorMeta(id);

  if (id === null || (isApiError(info.error) && info.error.code === 'tutor-not-found')) {
    return (
      <NotFoundState
        icon={<UserX />}
        title={text.notFoundTitle}
        description={text.notFoundBody}
        back={{ to: TUTORS_LIST, label: text.back }}
      />
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <BackLink to={TUTORS_LIST}>{text.back}</BackLink>
      <AdminPage
        title={info.data?.name ?? adminMessages.pages.tutor}
        description={info.data?.name ? adminMessages.pages.tutor : undefined}
        actions={
          <Button asChild variant="secondary" size="sm">
            <Link to={`/user/${id}`}>
              <UserRound aria-hidden="true" className="size-4" />
              {text.account}
            </Link>
          </Button>
        }
      />
      {info.isError ? (
        <ErrorState title={text.loadFailed} error={info.error} onRetry={() => void info.refetch()} />
      ) : info.data ? (
        <TutorProfileCard info={info.data} meta={meta.data} />
      ) : (
        <TutorProfileSkeleton />
      )}
      {onboarding}
      <TutorWeekSchedule tutorId={id} />
      {lessons}
      <TutorEarningsCard tutorId={id} />
      <TutorRatingsCard tutorId={id} />
    </div>
  );
}
