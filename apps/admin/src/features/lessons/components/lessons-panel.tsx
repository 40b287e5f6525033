import { type StaffLessonsQuery, useCancelScheduleLesson, useScheduleLessons } from '@hiwar/client';
import {
  addLocalDays,
  isLocalDate,
  LESSON_STATUSES,
  type Lesson,
  type LessonStatus,
  localDayRange,
  SortOrder,
} from '@hiwar/domain';
import {
  Button,
  EmptyState,
  FormField,
  fieldControlClassName,
  formatDateTime,
  Input,
  messages,
  useErrorToast,
  useToast,
} from '@hiwar/ui';
import { CalendarX2, XCircle } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Badge } from '../../../components/badge.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { tableStyles as t } from '../../../components/table-styles.ts';

const text = messages.schedule.adminLessons;
const PAGE_SIZE = 20;

interface Filters {
  tutorId: string;
  studentId: string;
  status: string;
  from: string;
  to: string;
}

const EMPTY: Filters = { tutorId: '', studentId: '', status: '', from: '', to: '' };

/** The list query of the filters: ids as numbers, dates as Cairo day bounds ([from 00:00, to + 1 day 00:00)). */
export function lessonsQuery(filters: Filters, page: number): StaffLessonsQuery {
  const id = (value: string) => (/^\d+$/.test(value.trim()) ? Number(value.trim()) : undefined);
  const query: StaffLessonsQuery = { page, size: PAGE_SIZE, order: SortOrder.Desc };
  const tutorId = id(filters.tutorId);
  const studentId = id(filters.studentId);
  if (tutorId) {
    query.tutorId = tutorId;
  }
  if (studentId) {
    query.studentId = studentId;
  }
  if (filters.status) {
    query.status = filters.status as LessonStatus;
  }
  if (isLocalDate(filters.from)) {
    query.from = localDayRange(filters.from).start.toISOString();
  }
  if (isLocalDate(filters.to)) {
    query.to = localDayRange(addLocalDays(filters.to, 1)).start.toISOString();
  }
  return query;
}

const TONE = { pending: 'info', happening: 'success', fulfilled: 'neutral', canceled: 'danger' } as const;

/** `/lessons`: every lesson, filtered by tutor, student, status and dates; staff cancel one. */
export function LessonsPanel() {
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [page, setPage] = useState(1);
  const lessons = useScheduleLessons(lessonsQuery(filters, page));
  const cancel = useCancelScheduleLesson();
  const { toast } = useToast();
  const showError = useErrorToast();
  const [canceling, setCanceling] = useState<Lesson | null>(null);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
    setPage(1);
  };
  const field = (key: keyof Filters) => ({
    value: draft[key],
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [key]: event.target.value }),
  });

  return (
    <div className="flex flex-col gap-4">
      <form
        onSubmit={apply}
        aria-label={text.filters}
        className="grid gap-3 rounded-2xl border border-border bg-card p-4 sm:grid-cols-3 lg:grid-cols-6"
      >
        <FormField label={text.tutorId}>
          <Input inputMode="numeric" dir="ltr" {...field('tutorId')} />
        </FormField>
        <FormField label={text.studentId}>
          <Input inputMode="numeric" dir="ltr" {...field('studentId')} />
        </FormField>
        <FormField label={text.status}>
          <select className={fieldControlClassName} {...field('status')}>
            <option value="">{text.anyStatus}</option>
            {LESSON_STATUSES.map((status) => (
              <option key={status} value={status}>
                {messages.schedule.lessonStatus[status]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label={text.from}>
          <Input type="date" {...field('from')} />
        </FormField>
        <FormField label={text.to}>
          <Input type="date" {...field('to')} />
        </FormField>
        <div className="flex items-end gap-2">
          <Button type="submit">{text.apply}</Button>
          <Button
            type="button"
            variant="ghost"
            onClick={() => {
              setDraft(EMPTY);
              setFilters(EMPTY);
              setPage(1);
            }}
          >
            {text.reset}
          </Button>
        </div>
      </form>
      {lessons.isLoading ? (
        <Skeleton className="h-48 w-full rounded-2xl" />
      ) : lessons.isError ? (
        <ErrorState title={text.loadFailed} error={lessons.error} onRetry={() => void lessons.refetch()} />
      ) : (lessons.data?.total ?? 0) === 0 ? (
        <EmptyState icon={<CalendarX2 />} title={text.empty} />
      ) : (
        <>
          <p className="text-sm text-muted-foreground">{text.total(lessons.data?.total ?? 0)}</p>
          <div className="overflow-x-auto rounded-2xl border border-border bg-card">
            <table className={t.table} aria-label={text.table}>
              <thead className={t.head}>
                <tr>
                  <th className={t.headCell}>{text.id}</th>
                  <th className={t.headCell}>{text.tutor}</th>
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
                    <td className={t.cell}>{lesson.id}</td>
                    <td className={t.cell}>{lesson.tutor.name ?? `#${lesson.tutor.id}`}</td>
                    <td className={t.cell}>{lesson.student.name ?? `#${lesson.student.id}`}</td>
                    <td className={`${t.cell} whitespace-nowrap`}>{formatDateTime(lesson.start)}</td>
                    <td className={t.cell}>{messages.schedule.dashboard.minutes(lesson.duration)}</td>
                    <td className={t.cell}>
                      <Badge tone={TONE[lesson.status]}>
                        {messages.schedule.lessonStatus[lesson.status]}
                      </Badge>
                    </td>
                    <td className={t.cell}>
                      {lesson.status === 'pending' || lesson.status === 'happening' ? (
                        <Button variant="ghost" size="sm" onClick={() => setCanceling(lesson)}>
                          <XCircle aria-hidden="true" className="size-4" />
                          {text.cancel}
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
            page={page}
            pageSize={PAGE_SIZE}
            total={lessons.data?.total ?? 0}
            onPageChange={setPage}
          />
        </>
      )}
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
