import { Role, type TutorCard as TutorCardData } from '@hiwar/domain';
import { Avatar, Badge, Card, lessonsMessages } from '@hiwar/ui';
import { Link } from 'react-router';
import { FavoriteButton } from './favorite-button.tsx';
import { TutorRating } from './tutor-rating.tsx';

const text = lessonsMessages.tutors;
const MAX_TOPICS = 4;

/** One tutor in the list: photo, name, bio, topics, rating and lessons given; links to the profile. */
export function TutorCard({ tutor }: { tutor: TutorCardData }) {
  const topics = tutor.topics.slice(0, MAX_TOPICS);
  return (
    <li>
      <Card className="flex h-full flex-col gap-4 p-5 transition-shadow hover:shadow-lg sm:flex-row">
        <Avatar src={tutor.image || null} name={tutor.name} size="xl" className="shrink-0" decorative />
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="text-lg font-bold">
              <Link to={`/t/${tutor.id}`} className="rounded-sm hover:text-brand focus-visible:underline">
                {tutor.name}
              </Link>
            </h2>
            <div className="flex items-center gap-1">
              <TutorRating rating={tutor.rating} count={tutor.ratingCount} />
              <FavoriteButton tutorId={tutor.id} tutorName={tutor.name} className="-my-2" />
            </div>
          </div>
          <p className="line-clamp-2 text-sm text-muted-foreground">{tutor.bio}</p>
          {topics.length > 0 ? (
            <ul className="flex flex-wrap gap-1.5" aria-label={lessonsMessages.profile.topics}>
              {topics.map((topic) => (
                <li key={topic.id}>
                  <Badge tone="neutral">{topic.nameAr}</Badge>
                </li>
              ))}
            </ul>
          ) : null}
          <div className="mt-auto flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
            <span>{text.lessonCount(tutor.lessonCount)}</span>
            {tutor.role === Role.TutorManager ? <Badge tone="success">{text.intro}</Badge> : null}
          </div>
        </div>
      </Card>
    </li>
  );
}
