import {
  isApiError,
  useCurrentSubscription,
  useLessons,
  useOwnRating,
  useSession,
  useTrialStatus,
  useTutorInfo,
} from '@hiwar/client';
import { LessonStatus, Role } from '@hiwar/domain';
import {
  Avatar,
  Badge,
  Button,
  Card,
  EmptyState,
  formatMoney,
  freeTimesMessages,
  lessonsMessages,
  messages,
  PageContainer,
  Skeleton,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '@hiwar/ui';
import { CloudOff, Star, UserX } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { loginPathFrom } from '../../features/account/lib/login-path.ts';
import { MessageTutorButton } from '../../features/chat/index.ts';
import { FavoriteButton } from '../../features/tutors/components/favorite-button.tsx';
import { IntroVideo } from '../../features/tutors/components/intro-video.tsx';
import { TutorFreeTimes } from '../../features/tutors/components/tutor-free-times.tsx';
import { TutorRating } from '../../features/tutors/components/tutor-rating.tsx';
import { TutorReviews } from '../../features/tutors/components/tutor-reviews.tsx';

const text = lessonsMessages.profile;
/** The start picked among the free times (`/t/:id?at=<ISO>`): a student's booking wizard opens at it. */
const PICKED_START_PARAM = 'at';

// A student's dialogs, on chunks of their own fetched when a student opens the profile (issue 26): the
// profile is a page visitors land on, and they never open either.
const loadBooking = () => import('../../features/lessons/components/booking-dialog.tsx');
const loadRating = () => import('../../features/lessons/components/rate-tutor-dialog.tsx');
const BookingDialog = lazy(async () => ({ default: (await loadBooking()).BookingDialog }));
const RateTutorDialog = lazy(async () => ({ default: (await loadRating()).RateTutorDialog }));

/**
 * `/t/:id` (public): a tutor's profile (photo, name, bio, about, topics, rating, intro video) with the
 * reviews tab and "book a lesson", which opens the booking wizard (signed-out visitors log in first).
 */
export function TutorProfilePage() {
  const params = useParams();
  const id = Number.parseInt(params.id ?? '', 10);
  const valid = Number.isInteger(id) && id > 0;
  const info = useTutorInfo(valid ? id : null);
  const { user } = useSession();
  const location = useLocation();
  // Also where sign-in brings back a visitor who picked a time (issue 27).
  const [search, setSearch] = useSearchParams();
  const picked = search.get(PICKED_START_PARAM);
  const pickedStart = picked !== null && !Number.isNaN(Date.parse(picked)) ? picked : null;
  const [booking, setBooking] = useState(false);
  // The student's one trial lesson (issue 27): offered here while they have not used it.
  const [bookingTrial, setBookingTrial] = useState(false);
  const [rating, setRating] = useState(false);
  const isStudent = user?.role === Role.Student;
  const trialStatus = useTrialStatus({ enabled: valid && isStudent });
  // A time picked among the free times opens the trial wizard for a student without a plan who may
  // still book their trial (issue 27): booking it as a paid lesson would only be refused. Their plan is
  // read only then.
  const current = useCurrentSubscription({
    enabled: valid && isStudent && pickedStart !== null && trialStatus.data?.available === true,
  });
  const pickedTrial = pickedStart !== null && trialStatus.data?.available === true && current.data === null;
  // A priced trial not paid yet is paid first (decision 0048): its button and a picked time lead to
  // the trial's checkout, which brings the student back here, at that time, to book it.
  const trialPrice = trialStatus.data?.price ?? 0;
  const trialNeedsPayment = trialPrice > 0 && trialStatus.data?.paid !== true;
  const trialPaid = trialPrice > 0 && trialStatus.data?.paid === true;
  const trialCheckout = (at: string | null) =>
    `/checkout/trial?tutor=${id}${at ? `&at=${encodeURIComponent(at)}` : ''}`;
  const pickedRegular =
    pickedStart !== null &&
    (trialStatus.isError ||
      trialStatus.data?.available === false ||
      current.isError ||
      (current.data !== undefined && current.data !== null));
  const clearPicked = () => {
    if (picked !== null) {
      const next = new URLSearchParams(search);
      next.delete(PICKED_START_PARAM);
      setSearch(next, { replace: true, preventScrollReset: true });
    }
  };
  // A student may rate a tutor after a fulfilled lesson together (rules.md "Ratings").
  const fulfilled = useLessons(
    { tutorId: id, status: LessonStatus.Fulfilled, size: 1 },
    { enabled: valid && isStudent },
  );
  const mayRate = isStudent && (fulfilled.data?.total ?? 0) > 0;
  const own = useOwnRating(user?.id ?? null, id, { enabled: mayRate });

  if (!valid || (info.isError && isApiError(info.error) && info.error.status === 404)) {
    return (
      <PageContainer className="py-12">
        <EmptyState
          icon={<UserX />}
          title={text.notFound}
          headingLevel="h1"
          action={
            <Button asChild>
              <Link to="/tutors">{text.backToTutors}</Link>
            </Button>
          }
        />
      </PageContainer>
    );
  }
  if (info.isLoading) {
    return (
      <PageContainer className="py-8">
        <div className="mx-auto flex max-w-4xl flex-col gap-4">
          <Skeleton className="h-40 w-full rounded-2xl" />
          <Skeleton className="h-64 w-full rounded-2xl" />
        </div>
      </PageContainer>
    );
  }
  if (info.isError || !info.data) {
    return (
      <PageContainer className="py-12">
        <EmptyState
          icon={<CloudOff />}
          title={text.loadFailed}
          description={messages.common.networkError}
          headingLevel="h1"
          action={<Button onClick={() => void info.refetch()}>{messages.common.retry}</Button>}
        />
      </PageContainer>
    );
  }

  const tutor = info.data;
  const name = tutor.name ?? lessonsMessages.lesson.unnamedTutor;
  const canBook = tutor.listed && (user === null || user.role === Role.Student);
  const bookButton = !canBook ? null : user === null ? (
    <Button asChild size="lg">
      <Link to={loginPathFrom(location.pathname)}>{text.book}</Link>
    </Button>
  ) : (
    <Button size="lg" onClick={() => setBooking(true)}>
      {text.book}
    </Button>
  );

  // A free time opens the wizard at it: here for a student, after signing in for a visitor.
  const freeTimeHref = (start: string) => {
    const here = `${location.pathname}?${PICKED_START_PARAM}=${encodeURIComponent(start)}`;
    return user === null ? loginPathFrom(here) : here;
  };

  return (
    <PageContainer className="py-8 sm:py-12">
      <div className="mx-auto flex max-w-4xl flex-col gap-6">
        <Card className="flex flex-col gap-5 p-5 sm:flex-row sm:items-start sm:p-6">
          <Avatar src={tutor.image} name={name} size="xl" className="shrink-0" decorative />
          <div className="flex min-w-0 flex-1 flex-col gap-2">
            <h1 className="text-2xl font-bold">{name}</h1>
            <TutorRating rating={tutor.rating} count={tutor.ratingCount} />
            {tutor.bio ? <p className="text-muted-foreground">{tutor.bio}</p> : null}
            <p className="text-sm text-muted-foreground">
              {lessonsMessages.tutors.lessonCount(tutor.lessonCount)}
            </p>
            {tutor.topics.length > 0 ? (
              <ul className="flex flex-wrap gap-1.5" aria-label={text.topics}>
                {tutor.topics.map((topic) => (
                  <li key={topic.id}>
                    <Badge>{topic.nameAr}</Badge>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
          <div className="flex shrink-0 flex-col gap-2">
            {bookButton}
            {canBook && isStudent && trialStatus.data?.available ? (
              trialNeedsPayment ? (
                <Button asChild variant="secondary">
                  <Link to={trialCheckout(null)}>
                    {text.bookPaidTrial(trialStatus.data.minutes, formatMoney(trialPrice))}
                  </Link>
                </Button>
              ) : (
                <Button variant="secondary" onClick={() => setBookingTrial(true)}>
                  {trialPaid
                    ? text.bookTrialPaid(trialStatus.data.minutes)
                    : text.bookTrial(trialStatus.data.minutes)}
                </Button>
              )
            ) : null}
            <MessageTutorButton userId={tutor.id} name={name} />
            {tutor.listed ? <FavoriteButton tutorId={tutor.id} tutorName={name} look="labelled" /> : null}
            {mayRate ? (
              <Button variant="secondary" onClick={() => setRating(true)}>
                <Star aria-hidden />
                {own.data ? lessonsMessages.rate.editAction : lessonsMessages.rate.action}
              </Button>
            ) : null}
          </div>
        </Card>

        {tutor.video ? <IntroVideo src={tutor.video} poster={tutor.thumbnail} /> : null}

        {tutor.listed ? (
          <TutorFreeTimes
            tutorId={tutor.id}
            hrefFor={canBook ? freeTimeHref : null}
            hint={user === null ? freeTimesMessages.signInHint : undefined}
          />
        ) : null}

        <Tabs defaultValue="about" dir="rtl">
          <TabsList>
            <TabsTrigger value="about">{text.about}</TabsTrigger>
            <TabsTrigger value="reviews">
              {text.reviews} ({lessonsMessages.tutors.ratingCount(tutor.ratingCount)})
            </TabsTrigger>
          </TabsList>
          <TabsContent value="about" className="pt-4">
            <p className="whitespace-pre-line leading-relaxed">{tutor.about || text.noAbout}</p>
          </TabsContent>
          <TabsContent value="reviews" className="pt-4">
            <TutorReviews tutorId={tutor.id} />
          </TabsContent>
        </Tabs>
      </div>
      {mayRate ? (
        <Suspense fallback={null}>
          <RateTutorDialog tutor={{ id: tutor.id, name }} open={rating} onOpenChange={setRating} />
        </Suspense>
      ) : null}
      {/* Sent to pay only on a fresh read: back from the checkout, the state read there may predate the
      payment (seen by the status poll, which does not refresh it) and would send them back to pay. */}
      {canBook && isStudent && pickedTrial && trialNeedsPayment && !trialStatus.isFetching ? (
        <Navigate to={trialCheckout(pickedStart)} replace />
      ) : null}
      {canBook && isStudent && trialStatus.data?.available && !trialNeedsPayment ? (
        <Suspense fallback={null}>
          <BookingDialog
            tutor={{ id: tutor.id, name, role: tutor.role, notice: tutor.notice }}
            open={bookingTrial || pickedTrial}
            onOpenChange={(open) => {
              setBookingTrial(open);
              if (!open) {
                clearPicked();
              }
            }}
            trial={{ minutes: trialStatus.data.minutes, paid: trialPaid }}
            initialStart={pickedTrial ? (pickedStart ?? undefined) : undefined}
          />
        </Suspense>
      ) : null}
      {canBook && user !== null ? (
        <Suspense fallback={null}>
          <BookingDialog
            tutor={{ id: tutor.id, name, role: tutor.role, notice: tutor.notice }}
            open={booking || pickedRegular}
            onOpenChange={(open) => {
              setBooking(open);
              if (!open) {
                clearPicked();
              }
            }}
            initialStart={pickedRegular ? (pickedStart ?? undefined) : undefined}
          />
        </Suspense>
      ) : null}
    </PageContainer>
  );
}
