import { lessonsMessages, Skeleton } from '@hiwar/ui';
import { lazy, Suspense } from 'react';

const text = lessonsMessages.dashboard;

// The list, with the hearts, the "book again" button and its words, is a chunk of its own: the student's
// home is held to 170 kB on its first load (issue 26), and the list waits for its own request anyway.
const MyTutorsList = lazy(async () => ({ default: (await import('./my-tutors-list.tsx')).MyTutorsList }));

const placeholder = <Skeleton className="h-28 w-full rounded-2xl" />;

/**
 * "My tutors" on the student's home (issue 27): the tutors they saved and those they had lessons with,
 * to book again or unsave.
 */
export function MyTutorsSection() {
  return (
    <section aria-labelledby="my-tutors" className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h2 id="my-tutors" className="text-lg font-bold">
          {text.myTutors}
        </h2>
        <p className="text-sm text-muted-foreground">{text.myTutorsText}</p>
      </div>
      <Suspense fallback={placeholder}>
        <MyTutorsList />
      </Suspense>
    </section>
  );
}
