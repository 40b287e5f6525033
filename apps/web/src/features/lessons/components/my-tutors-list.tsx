import { useMyTutors } from '@hiwar/client';
import type { MyTutor } from '@hiwar/domain';
import {
  Alert,
  Avatar,
  Button,
  Card,
  formatDate,
  formatDateTime,
  lessonsMessages,
  messages,
  myTutorsMessages,
  preloadOnIntent,
  Skeleton,
  useOpenedOnce,
} from '@hiwar/ui';
import { RotateCcw } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { StudentFavoriteButton } from '../../tutors/components/student-favorite-button.tsx';
import { TutorRating } from '../../tutors/components/tutor-rating.tsx';

const text = myTutorsMessages;
/** Rows shown at first, then as many more with each "show more". */
const PAGE_SIZE = 6;

// The wizard is on a chunk of its own, fetched when "book again" is pointed at, focused or pressed.
const loadWizard = () => import('./lesson-wizard-dialog.tsx');
const TutorBookingDialog = lazy(async () => ({ default: (await loadWizard()).TutorBookingDialog }));

const dayFormat = { weekday: 'long', day: 'numeric', month: 'long' } as const;

/** A tutor of the student: the heart, their rating, the last and next lesson, and "book again". */
function MyTutorItem({ tutor }: { tutor: MyTutor }) {
  const [booking, setBooking] = useState(false);
  const mounted = useOpenedOnce(booking);
  const name = tutor.name ?? lessonsMessages.lesson.unnamedTutor;
  const lessons = [
    tutor.nextLessonAt ? text.nextLesson(formatDateTime(tutor.nextLessonAt)) : null,
    tutor.lastLessonAt ? text.lastLesson(formatDate(tutor.lastLessonAt, dayFormat)) : null,
  ].filter((line) => line !== null);

  return (
    <li>
      <Card className="flex h-full items-start gap-3 p-4">
        <Avatar src={tutor.image} name={name} size="md" className="shrink-0" decorative />
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <div className="flex items-start justify-between gap-2">
            <h3 className="font-bold">
              <Link to={`/t/${tutor.id}`} className="rounded-sm hover:text-brand focus-visible:underline">
                {name}
              </Link>
            </h3>
            <StudentFavoriteButton
              tutorId={tutor.id}
              tutorName={name}
              savedHint={tutor.isFavorite}
              className="-my-2"
            />
          </div>
          <TutorRating rating={tutor.rating} count={tutor.ratingCount} />
          <p className="text-sm text-muted-foreground">
            {lessons.length > 0 ? lessons.join(' · ') : text.noLessons}
          </p>
          {tutor.listed ? (
            <Button
              size="sm"
              variant="secondary"
              className="mt-1 self-start"
              aria-label={text.bookAgainWith(name)}
              aria-haspopup="dialog"
              onClick={() => setBooking(true)}
              {...preloadOnIntent(loadWizard)}
            >
              <RotateCcw aria-hidden />
              {text.bookAgain}
            </Button>
          ) : (
            <p className="text-sm font-medium">{text.unavailable}</p>
          )}
        </div>
      </Card>
      <Suspense fallback={null}>
        {mounted ? (
          <TutorBookingDialog tutor={{ id: tutor.id, name }} open={booking} onOpenChange={setBooking} />
        ) : null}
      </Suspense>
    </li>
  );
}

/**
 * The list of "my tutors" on the student's home (issue 27): the tutors they saved and those they had
 * lessons with, a few at a time, each with "book again" (the booking wizard for that tutor) and the heart
 * to unsave. A tutor unsaved here stays until the list is next opened, its heart empty, to be saved back.
 */
export function MyTutorsList() {
  const tutors = useMyTutors({ pageSize: PAGE_SIZE });

  if (tutors.isPending) {
    return <Skeleton className="h-28 w-full rounded-2xl" />;
  }
  if (tutors.isError && tutors.list.length === 0) {
    return (
      <Alert
        tone="danger"
        title={text.loadFailed}
        action={
          <Button size="sm" variant="secondary" onClick={() => void tutors.refetch()}>
            {messages.common.retry}
          </Button>
        }
      />
    );
  }
  if (tutors.list.length === 0) {
    return (
      <Card className="flex flex-col items-start gap-3 p-5">
        <p className="font-bold">{text.empty}</p>
        <p className="text-sm text-muted-foreground">{text.emptyText}</p>
        <Button asChild size="sm">
          <Link to="/tutors">{text.findTutors}</Link>
        </Button>
      </Card>
    );
  }
  return (
    <>
      <ul className="grid gap-3 sm:grid-cols-2" aria-label={text.listLabel}>
        {tutors.list.map((tutor) => (
          <MyTutorItem key={tutor.id} tutor={tutor} />
        ))}
      </ul>
      {tutors.hasNextPage ? (
        <Button
          variant="secondary"
          className="self-center"
          loading={tutors.isFetchingNextPage}
          onClick={() => void tutors.fetchNextPage()}
        >
          {text.showMore}
        </Button>
      ) : null}
    </>
  );
}
