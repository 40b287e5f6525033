import { useTutorRatings } from '@hiwar/client';
import { Avatar, Button, formatDate, lessonsMessages, messages, Skeleton } from '@hiwar/ui';
import { Star } from 'lucide-react';

const text = lessonsMessages.profile;

/** A tutor's reviews, newest first, page after page. */
export function TutorReviews({ tutorId }: { tutorId: number }) {
  const ratings = useTutorRatings(tutorId);
  if (ratings.isLoading) {
    return <Skeleton className="h-24 w-full rounded-2xl" />;
  }
  if (ratings.isError && ratings.list.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        {messages.common.networkError}{' '}
        <Button size="sm" variant="ghost" onClick={() => void ratings.refetch()}>
          {messages.common.retry}
        </Button>
      </p>
    );
  }
  if (ratings.list.length === 0) {
    return <p className="text-sm text-muted-foreground">{text.noReviews}</p>;
  }
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-3">
        {ratings.list.map((rating) => (
          <li key={rating.id} className="flex gap-3 rounded-2xl border border-border p-4">
            <Avatar
              src={rating.rater.image}
              name={rating.rater.name ?? text.anonymous}
              size="sm"
              decorative
            />
            <div className="flex min-w-0 flex-col gap-1">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-bold">{rating.rater.name ?? text.anonymous}</span>
                <span
                  className="inline-flex items-center gap-0.5"
                  role="img"
                  aria-label={text.stars(rating.value)}
                >
                  {Array.from({ length: 5 }, (_, index) => (
                    <Star
                      // biome-ignore lint/suspicious/noArrayIndexKey: five fixed stars.
                      key={index}
                      aria-hidden
                      className={
                        index < rating.value ? 'size-3.5 fill-warning text-warning' : 'size-3.5 text-border'
                      }
                    />
                  ))}
                </span>
                <time dateTime={rating.createdAt} className="text-xs text-muted-foreground">
                  {formatDate(rating.createdAt, { dateStyle: 'medium' })}
                </time>
              </div>
              {rating.text ? <p className="text-sm">{rating.text}</p> : null}
            </div>
          </li>
        ))}
      </ul>
      {ratings.hasNextPage ? (
        <Button
          variant="secondary"
          className="self-center"
          loading={ratings.isFetchingNextPage}
          onClick={() => void ratings.fetchNextPage()}
        >
          {lessonsMessages.tutors.loadMore}
        </Button>
      ) : null}
    </div>
  );
}
