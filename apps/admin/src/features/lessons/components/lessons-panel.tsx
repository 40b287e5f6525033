import { useCancelScheduleLesson, useScheduleLessons } from '@hiwar/client';
import { LESSON_STATUSES, type Lesson, type LessonStatus, Role } from '@hiwar/domain';
import {
  adminLessonsMessages,
  Button,
  EmptyState,
  FormField,
  fieldControlClassName,
  formatDateTime,
  Input,
  lessonsMessages,
  scheduleMessages,
  tutorDashboardMessages,
  useErrorToast,
  useToast,
} from '@hiwar/ui';
import { CalendarX2, NotebookText, XCircle } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/badge.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { useStaffUser } from '../../../components/staff-guard.tsx';
import { tableStyles as t } from '../../../components/table-styles.ts';
import { UserPicker } from '../../../components/user-picker.tsx';
import { formatId } from '../../../lib/figures.ts';
import { isAdminRole } from '../../../lib/staff-access.ts';
import { LESSONS_PAGE_SIZE, lessonListQuery, useLessonListParams } from '../hooks/use-lesson-list-params.ts';
import { LessonNoteDialog } from './lesson-note-dialog.tsx';

const text = scheduleMessages.adminLessons;
const filterText = adminLessonsMessages.filters;

const TONE = { pending: 'info', happening: 'success', fulfilled: 'neutral', canceled: 'danger' } as const;
const TUTOR_ROLES = [Role.Tutor, Role.TutorManager] as const;
const STUDENT_ROLES = [Role.Student] as const;

export interface LessonsPanelProps {
  /** Only this tutor's lessons (the tutor page): the tutor filter is not offered. */
  tutorId?: number;
}

/**
 * Lessons filtered by tutor and student (chosen by name), a name search, status and Cairo dates, newest
 * first; staff cancel one after confirming. Filters and page live in the address bar. Admins choose
 * people from the users list; a TutorManager (who sees only their own lessons and only tutors in the
 * users list) searches by name instead.
 */
export function LessonsPanel({ tutorId }: LessonsPanelProps) {
  const viewer = useStaffUser();
  const isAdmin = isAdminRole(viewer.role);
  const { params, update, reset, hasFilters } = useLessonListParams();
  const lessons = useScheduleLessons(lessonListQuery(params, tutorId));
  const cancel = useCancelScheduleLesson();
  const { toast } = useToast();
  const showError = useErrorToast();
  const [canceling, setCanceling] = useState<Lesson | null>(null);
  const [reading, setReading] = useState<Lesson | null>(null);
  const total = lessons.data?.total ?? 0;

  return (
    <div className="flex flex-col gap-4">
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is recent and unknown to the test DOM; the role means the same. */}
      <div
        role="search"
        aria-label={text.filters}
        className="grid gap-3 rounded-2xl border border-border bg-card p-4 sm:grid-cols-2 lg:grid-cols-3"
      >
        {isAdmin && tutorId === undefined ? (
          <UserPicker
            label={filterText.tutor}
            placeholder={filterText.tutorPlaceholder}
            roles={TUTOR_ROLES}
            value={params.tutorId}
            onChange={(id) => update({ tutorId: id })}
          />
        ) : null}
        {isAdmin ? (
          <UserPicker
            label={filterText.student}
            placeholder={filterText.studentPlaceholder}
            roles={STUDENT_ROLES}
            value={params.studentId}
            onChange={(id) => update({ studentId: id })}
          />
        ) : null}
        <div className="flex flex-col gap-1.5">
          <span className="text-sm font-semibold text-foreground" aria-hidden="true">
            {filterText.search}
          </span>
          <SearchField
            label={filterText.search}
            placeholder={filterText.searchPlaceholder}
            clearLabel={filterText.clearSearch}
            value={params.search}
            onSearch={(search) => update({ search }, { replace: true })}
          />
        </div>
        <FormField label={text.status}>
          <select
            className={`${fieldControlClassName} h-11`}
            value={params.status ?? ''}
            onChange={(event) =>
              update({ status: (event.target.value || undefined) as LessonStatus | undefined })
            }
          >
            <option value="">{text.anyStatus}</option>
            {LESSON_STATUSES.map((status) => (
              <option key={status} value={status}>
                {scheduleMessages.lessonStatus[status]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label={text.from}>
          <Input
            type="date"
            value={params.from ?? ''}
            max={params.to}
            onChange={(event) => update({ from: event.target.value || undefined })}
          />
        </FormField>
        <FormField label={text.to}>
          <Input
            type="date"
            value={params.to ?? ''}
            min={params.from}
            onChange={(event) => update({ to: event.target.value || undefined })}
          />
        </FormField>
        {hasFilters ? (
          <div className="flex items-end sm:col-span-full">
            <Button type="button" variant="ghost" size="sm" onClick={reset}>
              {text.reset}
            </Button>
          </div>
        ) : null}
      </div>
      {lessons.isLoading ? (
        <Skeleton className="h-48 w-full rounded-2xl" />
      ) : lessons.isError ? (
        <ErrorState title={text.loadFailed} error={lessons.error} onRetry={() => void lessons.refetch()} />
      ) : total === 0 ? (
        <EmptyState icon={<CalendarX2 />} title={text.empty} />
      ) : (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {text.total(total)}
          </p>
          <div className="overflow-x-auto rounded-2xl border border-border bg-card">
            <table className={t.table} aria-label={text.table}>
              <thead className={t.head}>
                <tr>
                  <th className={t.headCell}>{text.id}</th>
                  {tutorId === undefined ? <th className={t.headCell}>{text.tutor}</th> : null}
                  <th className={t.headCell}>{text.student}</th>
                  <th className={t.headCell}>{text.start}</th>
                  <th className={t.headCell}>{text.duration}</th>
                  <th className={t.headCell}>{text.status}</th>
                  <th className={t.headCell}>{text.actions}</th>
                </tr>
              </thead>
              <tbody className={t.body}>
                {lessons.data?.list.map((lesson) => (
                  <tr key={lesson.id} className={t.row}>
                    <td className={`${t.cell} tabular-nums`}>{formatId(lesson.id)}</td>
                    {tutorId === undefined ? (
                      <td className={t.cell}>
                        <Link
                          to={`/tutor/${lesson.tutor.id}`}
                          className="font-semibold text-foreground hover:text-brand focus-visible:underline"
                        >
                          {lesson.tutor.name ?? filterText.unknownUser(lesson.tutor.id)}
                        </Link>
                      </td>
                    ) : null}
                    <td className={t.cell}>
                      {isAdmin ? (
                        <Link
                          to={`/user/${lesson.student.id}`}
                          className="hover:text-brand focus-visible:underline"
                        >
                          {lesson.student.name ?? filterText.unknownUser(lesson.student.id)}
                        </Link>
                      ) : (
                        (lesson.student.name ?? filterText.unknownUser(lesson.student.id))
                      )}
                    </td>
                    <td className={`${t.cell} whitespace-nowrap`}>{formatDateTime(lesson.start)}</td>
                    <td className={t.cell}>
                      {scheduleMessages.dashboard.minutes(lesson.duration)}
                      {lesson.intro ? ` · ${tutorDashboardMessages.intro}` : ''}
                      {lesson.trial ? ` · ${tutorDashboardMessages.trial}` : ''}
                    </td>
                    <td className={t.cell}>
                      <Badge tone={TONE[lesson.status]}>{scheduleMessages.lessonStatus[lesson.status]}</Badge>
                    </td>
                    <td className={t.cell}>
                      {lesson.status === 'pending' || lesson.status === 'happening' ? (
                        <Button variant="ghost" size="sm" onClick={() => setCanceling(lesson)}>
                          <XCircle aria-hidden="true" className="size-4" />
                          {text.cancel}
                        </Button>
                      ) : isAdmin && lesson.status === 'fulfilled' ? (
                        <Button variant="ghost" size="sm" onClick={() => setReading(lesson)}>
                          <NotebookText aria-hidden="true" className="size-4" />
                          {lessonsMessages.lesson.noteShow}
                        </Button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            label={text.table}
            page={params.page}
            pageSize={LESSONS_PAGE_SIZE}
            total={total}
            onPageChange={(page) => update({ page })}
          />
        </>
      )}
      <LessonNoteDialog lesson={reading} onClose={() => setReading(null)} />
      <ConfirmDialog
        open={canceling !== null}
        onOpenChange={(open) => (open ? undefined : setCanceling(null))}
        title={text.cancelTitle}
        description={text.cancelText}
        confirmLabel={text.cancel}
        tone="danger"
        isPending={cancel.isPending}
        onConfirm={() =>
          canceling &&
          cancel.mutate(canceling.id, {
            onSuccess: () => {
              setCanceling(null);
              toast({ type: 'success', title: text.canceled });
            },
            onError: showError,
          })
        }
      />
    </div>
  );
}
