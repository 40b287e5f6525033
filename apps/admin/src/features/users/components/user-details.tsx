import { isApiError, useTutorMeta, useUser } from '@hiwar/client';
import { isTutorLike, type User } from '@hiwar/domain';
import {
  Avatar,
  adminMessages,
  adminUsersMessages,
  Button,
  Card,
  CardContent,
  EmptyState,
  errorMessages,
  messages,
} from '@hiwar/ui';
import { ShieldAlert, UserX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BackLink } from '../../../components/back-link.tsx';
import { Badge } from '../../../components/badge.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { NotFoundState } from '../../../components/not-found-state.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { displayName } from '../../../lib/labels.ts';
import { RoleBadge } from './role-badge.tsx';
import { TutorMetaCard, TutorMetaSkeleton } from './tutor-meta-card.tsx';
import { UserManageCard } from './user-manage-card.tsx';
import { UserProfileCard } from './user-profile-card.tsx';
import { VerifiedBadge } from './verified-badge.tsx';

const text = adminUsersMessages.user;

function UserHeader({ user, isSelf }: { user: User; isSelf: boolean }) {
  const name = displayName(user);
  return (
    <div className="flex items-center gap-4 pb-6">
      {/* Decorative here: the name is written next to it. */}
      <span aria-hidden="true" className="flex shrink-0">
        <Avatar decorative name={name} src={user.image} size="xl" className="max-sm:size-16 max-sm:text-xl" />
      </span>
      <div className="flex min-w-0 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-xl font-bold tracking-tight sm:text-3xl">{name}</h1>
          {isSelf ? <Badge tone="brand">{text.you}</Badge> : null}
        </div>
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <RoleBadge role={user.role} />
          <span dir="ltr" className="break-all">
            {user.email}
          </span>
          <VerifiedBadge verified={user.verifiedEmail} />
        </div>
      </div>
    </div>
  );
}

function UserDetailsSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-6">
      {/* The name is not known yet: the page is named by what it shows. */}
      <h1 className="sr-only">{adminMessages.pages.user}</h1>
      <span className="sr-only">{messages.common.loading}</span>
      <div className="flex items-center gap-4">
        <Skeleton className="size-24 rounded-full max-sm:size-20" />
        <div className="flex flex-col gap-2">
          <Skeleton className="h-7 w-48" />
          <Skeleton className="h-4 w-64" />
        </div>
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardContent className="grid gap-5 sm:grid-cols-2">
            {Array.from({ length: 8 }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity.
              <div key={index} className="flex flex-col gap-2">
                <Skeleton className="h-3 w-20" />
                <Skeleton className="h-4 w-36" />
              </div>
            ))}
          </CardContent>
        </Card>
        <Card>
          <CardContent className="flex flex-col gap-4">
            <Skeleton className="h-4 w-28" />
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

export interface UserDetailsProps {
  id: number | null;
  viewer: Pick<User, 'id' | 'role'>;
  /** More sections under the account's cards once it has loaded (the route composes other features here). */
  children?: (user: User) => ReactNode;
}

/**
 * One account for staff: header, profile, tutor meta (tutors and tutor managers) and the changes the
 * viewer may make. An unknown id shows a not-found state; a user outside the viewer's reach, `forbidden`.
 */
export function UserDetails({ id, viewer, children }: UserDetailsProps) {
  const user = useUser(id);
  const isTutor = user.data ? isTutorLike(user.data.role) : false;
  const tutor = useTutorMeta(isTutor && id !== null ? id : null);

  if (id === null || (isApiError(user.error) && user.error.code === 'user-not-found')) {
    return (
      <NotFoundState
        icon={<UserX />}
        title={text.notFoundTitle}
        description={text.notFoundBody}
        back={{ to: '/users', label: text.back }}
      />
    );
  }
  if (isApiError(user.error) && user.error.code === 'forbidden') {
    return (
      <EmptyState
        role="alert"
        headingLevel="h1"
        icon={<ShieldAlert />}
        title={adminUsersMessages.guard.sectionForbiddenTitle}
        description={errorMessages.forbidden}
        action={
          <Button asChild variant="secondary">
            <Link to="/users">{text.back}</Link>
          </Button>
        }
      />
    );
  }
  if (user.isError) {
    return (
      <ErrorState
        headingLevel="h1"
        title={text.errorTitle}
        error={user.error}
        onRetry={() => void user.refetch()}
        isRetrying={user.isFetching}
      />
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <BackLink to="/users">{text.back}</BackLink>
      {user.data ? (
        <>
          <title>{`${displayName(user.data)} | ${messages.app.name}`}</title>
          <UserHeader user={user.data} isSelf={user.data.id === viewer.id} />
          <div className="grid items-start gap-6 lg:grid-cols-3">
            <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
              <UserProfileCard user={user.data} />
              {isTutor ? (
                tutor.data ? (
                  <TutorMetaCard user={user.data} tutor={tutor.data} />
                ) : tutor.isError ? (
                  <ErrorState
                    title={text.errorTitle}
                    error={tutor.error}
                    onRetry={() => void tutor.refetch()}
                    isRetrying={tutor.isFetching}
                  />
                ) : (
                  <TutorMetaSkeleton />
                )
              ) : null}
            </div>
            <div className="order-first flex min-w-0 flex-col gap-6 lg:sticky lg:top-10 lg:order-none">
              <UserManageCard
                key={`${user.data.id}:${user.data.role}`}
                viewer={viewer}
                user={user.data}
                tutor={tutor.data ?? null}
              />
            </div>
          </div>
          {children?.(user.data)}
        </>
      ) : (
        <UserDetailsSkeleton />
      )}
    </div>
  );
}
