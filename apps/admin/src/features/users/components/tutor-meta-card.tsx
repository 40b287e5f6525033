import type { TutorMeta, User } from '@hiwar/domain';
import {
  adminLessonsMessages,
  adminUsersMessages,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
} from '@hiwar/ui';
import { ExternalLink, Film, Image, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/badge.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { Detail, NotSetValue } from './user-profile-card.tsx';

const text = adminUsersMessages.user.tutor;

function MediaRow({ icon, label, href }: { icon: ReactNode; label: string; href: string | null }) {
  return (
    <li className="flex items-center gap-3 py-2.5">
      <span
        aria-hidden="true"
        className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-surface-muted text-muted-foreground [&_svg]:size-4"
      >
        {icon}
      </span>
      <span className="flex-1 text-sm font-medium">{label}</span>
      {href ? (
        <a
          href={href}
          target="_blank"
          rel="noreferrer"
          className="inline-flex items-center gap-1 rounded-lg px-2 py-1 text-sm font-semibold text-brand hover:bg-brand-soft"
        >
          {text.open}
          <span className="sr-only">{label}</span>
          <ExternalLink aria-hidden="true" className="size-3.5" />
        </a>
      ) : (
        <Badge tone="warning">{text.missing}</Badge>
      )}
    </li>
  );
}

/** A tutor's meta: headline, introduction, booking horizon, activation and media. */
export function TutorMetaCard({ user, tutor }: { user: User; tutor: TutorMeta }) {
  return (
    <Card>
      <CardHeader>
        <div className="flex items-center justify-between gap-3">
          <CardTitle as="h2" className="text-base">
            {text.title}
          </CardTitle>
          <div className="flex items-center gap-2">
            <Link to={`/tutor/${tutor.id}`} className="text-sm font-semibold text-brand hover:underline">
              {adminLessonsMessages.tutorProfileLink}
            </Link>
            <Badge tone={tutor.activated ? 'success' : 'warning'}>
              {tutor.activated ? text.active : text.inactive}
            </Badge>
          </div>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <dl className="grid grid-cols-2 gap-x-6 gap-y-5">
          <Detail label={text.bio} span="wide">
            {tutor.bio ? <span className="font-semibold">{tutor.bio}</span> : <NotSetValue />}
          </Detail>
          <Detail label={text.about} span="wide">
            {tutor.about ? (
              <span className="block whitespace-pre-line leading-7">{tutor.about}</span>
            ) : (
              <NotSetValue />
            )}
          </Detail>
          <Detail label={text.notice}>{text.noticeValue(tutor.notice)}</Detail>
        </dl>
        <div>
          <h3 className="text-xs font-semibold text-muted-foreground">{text.media}</h3>
          <ul className="mt-1 divide-y divide-border">
            <MediaRow icon={<UserRound />} label={text.avatar} href={user.image} />
            <MediaRow icon={<Film />} label={text.video} href={tutor.video} />
            <MediaRow icon={<Image />} label={text.thumbnail} href={tutor.thumbnail} />
          </ul>
        </div>
      </CardContent>
    </Card>
  );
}

export function TutorMetaSkeleton() {
  return (
    <Card aria-busy="true">
      <CardContent className="flex flex-col gap-4">
        <Skeleton className="h-4 w-28" />
        <Skeleton className="h-3.5 w-3/4" />
        <Skeleton className="h-3.5 w-full" />
        <Skeleton className="h-3.5 w-2/3" />
      </CardContent>
    </Card>
  );
}
