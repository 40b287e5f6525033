import { joinLabel, type Lesson, LessonStatus, lessonStatus, toLessonFacts } from '@hiwar/domain';
import {
  Avatar,
  Badge,
  type BadgeTone,
  Button,
  Card,
  formatDateTime,
  lessonsMessages,
  messages,
  preloadOnIntent,
  useOpenedOnce,
} from '@hiwar/ui';
import { CalendarClock, CalendarPlus, LifeBuoy, RotateCcw, Star, Video } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useAppConfig } from '../../../lib/app-config.tsx';
import { MessageTutorButton } from '../../chat/index.ts';
import { useNow } from '../../payments/hooks/use-now.ts';
import { joinLabelText } from '../lib/join-label-text.ts';
import { LessonNoteButton } from './lesson-note-button.tsx';
import type { LessonWizardMode } from './lesson-wizard-dialog.tsx';

// The card's dialogs are on chunks of their own, fetched when one is first opened (or when a pointer
// or the keyboard reaches its button): a home full of lesson cards shows none of them at first.
const loadWizard = () => import('./lesson-wizard-dialog.tsx');
const loadReport = () => import('../../support/components/report-problem-dialog.tsx');
const loadRating = () => import('./rate-tutor-dialog.tsx');
const loadCancel = () => import('./cancel-lesson-dialog.tsx');
// The calendar file's writer too: it is only needed once the button is pressed.
const loadIcs = () => import('../lib/ics-download.ts');
const LessonWizardDialog = lazy(async () => ({ default: (await loadWizard()).LessonWizardDialog }));
const ReportProblemDialog = lazy(async () => ({ default: (await loadReport()).ReportProblemDialog }));
const RateTutorDialog = lazy(async () => ({ default: (await loadRating()).RateTutorDialog }));
const CancelLessonDialog = lazy(async () => ({ default: (await loadCancel()).CancelLessonDialog }));

const text = lessonsMessages.lesson;

const STATUS_TONES: Record<LessonStatus, BadgeTone> = {
  [LessonStatus.Pending]: 'info',
  [LessonStatus.Happening]: 'success',
  [LessonStatus.Fulfilled]: 'neutral',
  [LessonStatus.Canceled]: 'danger',
};

/**
 * A lesson as the student sees it: tutor, time (Cairo), status and the join label that follows the
 * clock. Pending lessons can be added to a calendar, rescheduled and cancelled; a fulfilled lesson's
 * tutor can be rated; a fulfilled or cancelled lesson can be booked again with the same tutor.
 */
export function LessonCard({ lesson, headingLevel = 'h3' }: { lesson: Lesson; headingLevel?: 'h2' | 'h3' }) {
  const now = new Date(useNow(30_000));
  const { webUrl } = useAppConfig();
  const facts = toLessonFacts(lesson);
  const { status } = lessonStatus(facts, now);
  const label = joinLabel(facts, now);
  const tutorName = lesson.tutor.name ?? text.unnamedTutor;
  const Heading = headingLevel;
  const active = status === LessonStatus.Pending || status === LessonStatus.Happening;
  const [wizard, setWizard] = useState<LessonWizardMode | null>(null);
  const [rating, setRating] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [canceling, setCanceling] = useState(false);
  const wizardMounted = useOpenedOnce(wizard !== null);
  const cancelMounted = useOpenedOnce(canceling);
  const ratingMounted = useOpenedOnce(rating);
  const reportMounted = useOpenedOnce(reporting);
  const reportButton = (
    <Button size="sm" variant="ghost" onClick={() => setReporting(true)} {...preloadOnIntent(loadReport)}>
      <LifeBuoy aria-hidden />
      {messages.common.reportProblem}
    </Button>
  );

  return (
    <Card className="flex flex-col gap-4 p-5">
      <div className="flex items-start gap-3">
        <Avatar src={lesson.tutor.image} name={tutorName} size="md" decorative />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <Heading className="font-bold">
              <Link to={`/t/${lesson.tutor.id}`} className="hover:text-brand">
                {text.with(tutorName)}
              </Link>
            </Heading>
            <Badge tone={STATUS_TONES[status]}>{text.status[status]}</Badge>
            {lesson.trial ? <Badge tone="brand">{text.trial}</Badge> : null}
          </div>
          <p className="text-sm text-muted-foreground">
            <time dateTime={lesson.start}>{formatDateTime(lesson.start)}</time> ·{' '}
            {lessonsMessages.lesson.duration(lesson.duration)}
          </p>
          {active ? (
            <p className="text-sm font-medium" aria-live="polite">
              {joinLabelText(label)}
            </p>
          ) : null}
        </div>
      </div>
      {active ? (
        <div className="flex flex-wrap items-center gap-2">
          {label.canJoin ? (
            <Button asChild size="sm">
              <Link to={`/lesson/${lesson.id}`}>
                <Video aria-hidden />
                {text.enter}
              </Link>
            </Button>
          ) : (
            <Button size="sm" disabled>
              <Video aria-hidden />
              {text.enter}
            </Button>
          )}
          <Button
            size="sm"
            variant="secondary"
            onClick={() =>
              void loadIcs().then(({ downloadLessonIcs }) => downloadLessonIcs(lesson, webUrl, tutorName))
            }
            {...preloadOnIntent(loadIcs)}
          >
            <CalendarPlus aria-hidden />
            {text.addToCalendar}
          </Button>
          <MessageTutorButton userId={lesson.tutor.id} name={tutorName} size="sm" />
          {status === LessonStatus.Pending ? (
            <>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => setWizard('reschedule')}
                {...preloadOnIntent(loadWizard)}
              >
                <CalendarClock aria-hidden />
                {text.reschedule}
              </Button>
              <Button
                size="sm"
                variant="ghost"
                className="text-danger hover:bg-danger-soft hover:text-danger"
                onClick={() => setCanceling(true)}
                {...preloadOnIntent(loadCancel)}
              >
                {text.cancel}
              </Button>
            </>
          ) : null}
          {reportButton}
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          {status === LessonStatus.Fulfilled ? (
            <>
              <Button size="sm" onClick={() => setRating(true)} {...preloadOnIntent(loadRating)}>
                <Star aria-hidden />
                {lessonsMessages.rate.action}
              </Button>
              <LessonNoteButton lesson={lesson} as="student" />
            </>
          ) : null}
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setWizard('rebook')}
            {...preloadOnIntent(loadWizard)}
          >
            <RotateCcw aria-hidden />
            {text.rebook}
          </Button>
          {reportButton}
        </div>
      )}
      <Suspense fallback={null}>
        {wizardMounted ? (
          <LessonWizardDialog
            lesson={lesson}
            mode={wizard ?? 'rebook'}
            open={wizard !== null}
            onOpenChange={(open) => setWizard(open ? (wizard ?? 'rebook') : null)}
          />
        ) : null}
      </Suspense>
      <Suspense fallback={null}>
        {cancelMounted ? (
          <CancelLessonDialog lesson={lesson} open={canceling} onOpenChange={setCanceling} />
        ) : null}
      </Suspense>
      <Suspense fallback={null}>
        {reportMounted ? (
          <ReportProblemDialog
            open={reporting}
            onOpenChange={setReporting}
            lesson={{ id: lesson.id, start: lesson.start }}
          />
        ) : null}
      </Suspense>
      <Suspense fallback={null}>
        {ratingMounted && status === LessonStatus.Fulfilled ? (
          <RateTutorDialog
            tutor={{ id: lesson.tutor.id, name: tutorName }}
            open={rating}
            onOpenChange={setRating}
          />
        ) : null}
      </Suspense>
    </Card>
  );
}
