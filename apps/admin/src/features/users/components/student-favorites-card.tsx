import { useStudentFavorites } from '@hiwar/client';
import type { User } from '@hiwar/domain';
import {
  Avatar,
  adminUsersMessages,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  formatDate,
  formatNumber,
} from '@hiwar/ui';
import { Link } from 'react-router';
import { Badge } from '../../../components/badge.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';

const text = adminUsersMessages.user.favorites;
const dateFormat = { day: 'numeric', month: 'long', year: 'numeric' } as const;

/**
 * A student's favourite tutors (issue 27), read-only, for the staff who may view every user
 * (SuperAdmin and RegularAdmin, as the server's `GET /favorite/student/{id}`): all of them at once, as
 * a student saves at most 100.
 */
export function StudentFavoritesCard({ student }: { student: Pick<User, 'id'> }) {
  const favorites = useStudentFavorites(student.id);

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-base">
          {text.title}
        </CardTitle>
        <CardDescription>{text.description}</CardDescription>
      </CardHeader>
      <CardContent>
        {favorites.isPending ? (
          <div aria-busy="true" className="flex flex-col gap-3">
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : favorites.isError ? (
          <ErrorState
            title={text.errorTitle}
            error={favorites.error}
            onRetry={() => void favorites.refetch()}
            isRetrying={favorites.isFetching}
          />
        ) : favorites.data.list.length === 0 ? (
          <p className="text-sm text-muted-foreground">{text.empty}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-border" aria-label={text.title}>
            {favorites.data.list.map((tutor) => {
              const name = tutor.name ?? adminUsersMessages.notSet;
              return (
                <li key={tutor.id} className="flex items-center gap-3 py-3">
                  <Avatar decorative name={name} src={tutor.image} size="sm" />
                  <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                    <Link to={`/user/${tutor.id}`} className="font-semibold hover:text-brand hover:underline">
                      {name}
                    </Link>
                    <span className="text-xs text-muted-foreground">
                      {tutor.rating === null
                        ? text.noRating
                        : text.rating(
                            formatNumber(tutor.rating, { maximumFractionDigits: 1 }),
                            tutor.ratingCount,
                          )}
                      {tutor.savedAt ? ` · ${text.savedAt(formatDate(tutor.savedAt, dateFormat))}` : null}
                    </span>
                  </div>
                  {tutor.listed ? null : <Badge tone="neutral">{text.unlisted}</Badge>}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
