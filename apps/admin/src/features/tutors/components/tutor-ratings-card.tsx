import { useTutorRatingPage } from '@hiwar/client';
import {
  Avatar,
  adminLessonsMessages,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  cn,
  EmptyState,
  formatDate,
} from '@hiwar/ui';
import { MessageSquareOff, Star } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/error-state.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';

const text = adminLessonsMessages.tutor.ratings;
const PAGE_SIZE = 10;
/** Its own key in the address bar: the lessons list on the same page owns `page`. */
const PAGE_KEY = 'ratingsPage';

function Stars({ value }: { value: number }) {
  return (
    <span className="flex items-center gap-0.5" role="img" aria-label={text.stars(value)}>
      {[1, 2, 3, 4, 5].map((star) => (
        <Star
          key={star}
          aria-hidden="true"
          className={cn('size-4', star <= value ? 'fill-warning text-warning' : 'text-border')}
        />
      ))}
    </span>
  );
}

/** A tutor's ratings, newest first, a page at a time (the page number kept in the address bar). */
export function TutorRatingsCard({ tutorId }: { tutorId: number }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = Number(searchParams.get(PAGE_KEY));
  const page = Number.isInteger(raw) && raw > 1 ? raw : 1;
  const ratings = useTutorRatingPage(tutorId, page, PAGE_SIZE);
  const total = ratings.data?.total ?? 0;

  const goTo = (next: number) =>
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      if (next > 1) {
        params.set(PAGE_KEY, String(next));
      } else {
        params.delete(PAGE_KEY);
      }
      return params;
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-base">
          {text.title}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {ratings.isLoading ? (
          <Skeleton className="h-32 w-full rounded-xl" />
        ) : ratings.isError ? (
          <ErrorState title={text.loadFailed} error={ratings.error} onRetry={() => void ratings.refetch()} />
        ) : total === 0 ? (
          <EmptyState icon={<MessageSquareOff />} title={text.empty} />
        ) : (
          <>
            <ul
              aria-label={text.list}
              className={cn('divide-y divide-border', ratings.isPlaceholderData && 'opacity-60')}
            >
              {ratings.data?.list.map((rating) => {
                const name = rating.rater.name ?? text.anonymous;
                return (
                  <li key={rating.id} className="flex gap-3 py-3">
                    <span aria-hidden="true" className="flex shrink-0">
                      <Avatar decorative name={name} src={rating.rater.image} size="sm" />
                    </span>
                    <div className="flex min-w-0 flex-1 flex-col gap-1">
                      <div className="flex flex-wrap items-center justify-between gap-2">
                        <span className="font-semibold">{name}</span>
                        <span className="text-xs text-muted-foreground">
                          {formatDate(rating.createdAt, { dateStyle: 'medium' })}
                        </span>
                      </div>
                      <Stars value={rating.value} />
                      {rating.text ? (
                        <p className="text-sm leading-7 whitespace-pre-line">{rating.text}</p>
                      ) : null}
                    </div>
                  </li>
                );
              })}
            </ul>
            <Pagination
              label={text.list}
              page={page}
              pageSize={PAGE_SIZE}
              total={total}
              onPageChange={goTo}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
