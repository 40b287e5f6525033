import { Role, type TutorInfo, type TutorMeta } from '@hiwar/domain';
import {
  Avatar,
  adminLessonsMessages,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  formatDate,
} from '@hiwar/ui';
import { BookOpen, Star, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '../../../components/badge.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';

const text = adminLessonsMessages.tutor.profile;

function Fact({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'col-span-full flex flex-col gap-1' : 'flex flex-col gap-1'}>
      <dt className="text-xs font-semibold text-muted-foreground">{label}</dt>
      <dd className="text-sm text-foreground">{children}</dd>
    </div>
  );
}

function NotSet() {
  return <span className="text-muted-foreground">{text.notSet}</span>;
}

function Figure({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <div className="flex items-center gap-3 rounded-xl bg-surface-muted/60 px-3 py-2.5">
      <span
        aria-hidden="true"
        className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-card text-brand [&_svg]:size-4"
      >
        {icon}
      </span>
      <div className="flex min-w-0 flex-col">
        <span className="text-xs text-muted-foreground">{label}</span>
        <span className="truncate font-semibold">{value}</span>
      </div>
    </div>
  );
}

export interface TutorProfileCardProps {
  info: TutorInfo;
  /** Activation and interview signing; absent while it loads. */
  meta: TutorMeta | undefined;
}

/**
 * A tutor as staff check them: photo, name, headline and introduction, topics, booking horizon,
 * activation, interview signing, listing, rating with its counts, and the intro video.
 */
export function TutorProfileCard({ info, meta }: TutorProfileCardProps) {
  const name = info.name ?? adminLessonsMessages.filters.unknownUser(info.id);
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center gap-4">
          {info.image ? (
            <img
              src={info.image}
              alt={text.photo(name)}
              className="size-20 shrink-0 rounded-2xl object-cover ring-1 ring-border"
            />
          ) : (
            <span role="img" aria-label={text.noPhoto} className="flex shrink-0">
              <Avatar decorative name={name} src={null} size="xl" />
            </span>
          )}
          <div className="flex min-w-0 flex-1 flex-col gap-1.5">
            <CardTitle as="h2" className="text-xl">
              {name}
            </CardTitle>
            {info.bio ? <p className="text-muted-foreground">{info.bio}</p> : null}
            <div className="flex flex-wrap gap-1.5">
              {meta ? (
                <Badge tone={meta.activated ? 'success' : 'warning'}>
                  {meta.activated ? text.activated : text.notActivated}
                </Badge>
              ) : null}
              <Badge tone={info.listed ? 'brand' : 'neutral'}>
                {info.listed ? text.listed : text.notListed}
              </Badge>
              {info.role === Role.TutorManager ? <Badge tone="info">{text.tutorManager}</Badge> : null}
            </div>
          </div>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <div className="grid gap-3 sm:grid-cols-3">
          <Figure
            icon={<Star />}
            label={text.rating}
            value={
              info.rating === null
                ? text.noRating
                : `${text.ratingValue(info.rating)} · ${text.ratings(info.ratingCount)}`
            }
          />
          <Figure icon={<BookOpen />} label={text.lessonsGiven} value={text.lessons(info.lessonCount)} />
          <Figure icon={<Users />} label={text.studentsTaught} value={text.students(info.studentCount)} />
        </div>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-5 sm:grid-cols-2">
          <Fact label={text.bio} wide>
            {info.bio ? <span className="font-semibold">{info.bio}</span> : <NotSet />}
          </Fact>
          <Fact label={text.about} wide>
            {info.about ? (
              <span className="block whitespace-pre-line leading-7">{info.about}</span>
            ) : (
              <NotSet />
            )}
          </Fact>
          <Fact label={text.topics} wide>
            {info.topics.length > 0 ? (
              <ul className="flex flex-wrap gap-1.5">
                {info.topics.map((topic) => (
                  <li key={topic.id}>
                    <Badge tone="neutral">{topic.nameAr}</Badge>
                  </li>
                ))}
              </ul>
            ) : (
              <span className="text-muted-foreground">{text.noTopics}</span>
            )}
          </Fact>
          <Fact label={text.notice}>{text.noticeValue(info.notice)}</Fact>
          <Fact label={text.activation}>
            {meta ? meta.activated ? text.activated : text.notActivated : <Skeleton className="h-5 w-20" />}
          </Fact>
          <Fact label={text.interview}>
            {meta ? (
              meta.interviewSignedAt ? (
                text.interviewSigned(formatDate(meta.interviewSignedAt, { dateStyle: 'long' }))
              ) : (
                <span className="text-muted-foreground">{text.interviewNotSigned}</span>
              )
            ) : (
              <Skeleton className="h-5 w-28" />
            )}
          </Fact>
          <Fact label={text.listing}>{info.listed ? text.listed : text.notListed}</Fact>
        </dl>
        <section aria-labelledby={`tutor-${info.id}-video`} className="flex flex-col gap-2">
          <h3 id={`tutor-${info.id}-video`} className="text-xs font-semibold text-muted-foreground">
            {text.video}
          </h3>
          {info.video ? (
            // biome-ignore lint/a11y/useMediaCaption: the tutor's own spoken introduction has no caption track.
            <video
              controls
              preload="metadata"
              src={info.video}
              poster={info.thumbnail ?? undefined}
              className="aspect-video w-full max-w-xl rounded-xl bg-black"
            />
          ) : (
            <p className="text-sm text-muted-foreground">{text.noVideo}</p>
          )}
        </section>
      </CardContent>
    </Card>
  );
}

export function TutorProfileSkeleton() {
  return (
    <Card aria-busy="true">
      <CardContent className="flex flex-col gap-4 pt-6">
        <div className="flex items-center gap-4">
          <Skeleton className="size-20 shrink-0 rounded-2xl" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-6 w-48" />
            <Skeleton className="h-4 w-72 max-w-full" />
          </div>
        </div>
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-32 w-full" />
      </CardContent>
    </Card>
  );
}
