import type { Lesson } from '@hiwar/domain';
import {
  Avatar,
  Badge,
  type BadgeTone,
  formatDateTime,
  lessonStatusMessages,
  tutorDashboardMessages,
} from '@hiwar/ui';
import { LessonNoteButton } from '../../lessons/components/lesson-note-button.tsx';

const text = tutorDashboardMessages;

const STATUS_TONE: Record<Lesson['status'], BadgeTone> = {
  pending: 'info',
  happening: 'success',
  fulfilled: 'neutral',
  canceled: 'danger',
};

/** A tutor's lessons, one row each: student, date and time in Cairo, length and status. */
export function LessonList({ lessons, label }: { lessons: readonly Lesson[]; label: string }) {
  return (
    <ul
      aria-label={label}
      className="flex flex-col divide-y divide-border rounded-2xl border border-border bg-surface"
    >
      {lessons.map((lesson) => {
        const name = lesson.student.name ?? text.unnamedStudent;
        return (
          <li key={lesson.id} className="flex flex-wrap items-center gap-3 p-4">
            <Avatar name={name} src={lesson.student.image} size="sm" decorative />
            <div className="flex min-w-0 flex-1 flex-col">
              <span className="font-semibold">{text.withStudent(name)}</span>
              <span className="text-sm text-muted-foreground">
                {formatDateTime(lesson.start)} · {text.minutes(lesson.duration)}
                {lesson.intro ? ` · ${text.intro}` : lesson.trial ? ` · ${text.trial}` : ''}
              </span>
            </div>
            <Badge tone={STATUS_TONE[lesson.status]}>{lessonStatusMessages[lesson.status]}</Badge>
            {lesson.status === 'fulfilled' ? <LessonNoteButton lesson={lesson} as="tutor" /> : null}
          </li>
        );
      })}
    </ul>
  );
}
