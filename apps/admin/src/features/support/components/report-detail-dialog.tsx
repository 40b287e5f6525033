import {
  isApiError,
  useCreateReportReply,
  useDeleteReport,
  useDeleteReportReply,
  useReport,
  useReportConversation,
  useReportScreenshotUrl,
  useUpdateReport,
  useUpdateReportReply,
} from '@hiwar/client';
import { BOUNDS, type Report, type ReportReply, ReportReplyTextSchema, Role } from '@hiwar/domain';
import {
  Alert,
  Avatar,
  Button,
  cn,
  Dialog,
  DialogContent,
  FormField,
  formatDateTime,
  messages,
  supportMessages,
  Textarea,
  useErrorToast,
  useToast,
} from '@hiwar/ui';
import { CheckCircle2, Pencil, RotateCcw, Send, Trash2 } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/badge.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { useStaffUser } from '../../../components/staff-guard.tsx';

const text = supportMessages.adminReports;
const chat = supportMessages.conversation;

export function ReportStatusBadge({ resolved }: { resolved: boolean }) {
  return (
    <Badge tone={resolved ? 'success' : 'warning'}>
      {resolved ? supportMessages.status.resolved : supportMessages.status.open}
    </Badge>
  );
}

/**
 * Who sent a report as they wrote their name, isolated in the direction of its own text (it may be
 * Latin, digits included); a reporter without a name shows the e-mail address, left to right.
 */
export function ReporterName({ reporter }: { reporter: Report['reporter'] }) {
  const name = reporter.name?.trim();
  return name ? <bdi dir="auto">{name}</bdi> : <bdi dir="ltr">{reporter.email}</bdi>;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <dt className="text-xs font-semibold text-muted-foreground">{label}</dt>
      <dd className="text-sm text-foreground">{children}</dd>
    </div>
  );
}

/**
 * One report for staff: who reported what and when (and about which lesson), the screenshot, the
 * conversation with a reply form, resolve or reopen, and delete for a SuperAdmin. Staff edit and delete
 * their own replies; a SuperAdmin deletes any reply.
 */
export function ReportDetailDialog({
  reportId,
  onClose,
}: {
  reportId: number | undefined;
  onClose: () => void;
}) {
  return (
    <Dialog open={reportId !== undefined} onOpenChange={(open) => (open ? undefined : onClose())}>
      {reportId !== undefined ? (
        <DialogContent title={text.detailTitle} className="sm:max-w-2xl">
          <Detail reportId={reportId} onDeleted={onClose} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function Detail({ reportId, onDeleted }: { reportId: number; onDeleted: () => void }) {
  const report = useReport(reportId);
  if (report.isPending) {
    return <Skeleton className="h-64 w-full rounded-xl" />;
  }
  if (report.isError) {
    return <ErrorState title={text.loadFailed} error={report.error} onRetry={() => void report.refetch()} />;
  }
  return <ReportView report={report.data} onDeleted={onDeleted} />;
}

function ReportView({ report, onDeleted }: { report: Report; onDeleted: () => void }) {
  const viewer = useStaffUser();
  const update = useUpdateReport();
  const remove = useDeleteReport();
  const { toast } = useToast();
  const showError = useErrorToast();
  const [confirmDelete, setConfirmDelete] = useState(false);

  const setResolved = (resolved: boolean) =>
    update.mutate(
      { id: report.id, body: { resolved } },
      {
        onSuccess: () =>
          toast({ type: 'success', title: resolved ? text.resolvedToast : text.reopenedToast }),
        onError: showError,
      },
    );

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="text-lg font-bold" dir="auto">
            {report.title}
          </h3>
          <ReportStatusBadge resolved={report.resolved} />
        </div>
        <p className="whitespace-pre-wrap break-words text-sm" dir="auto">
          {report.description}
        </p>
      </div>
      <dl className="grid gap-4 sm:grid-cols-2">
        <Fact label={text.reporter}>
          <Link
            to={`/user/${report.userId}`}
            className="font-semibold hover:text-brand focus-visible:underline"
          >
            <ReporterName reporter={report.reporter} />
          </Link>{' '}
          <bdi dir="ltr" className="text-muted-foreground">
            {report.reporter.email}
          </bdi>
        </Fact>
        <Fact label={text.created}>{formatDateTime(report.createdAt)}</Fact>
        <Fact label={text.lessonLabel}>
          {report.lessonStart ? text.lesson(formatDateTime(report.lessonStart)) : text.noLesson}
        </Fact>
        {report.resolved && report.resolvedAt ? (
          <Fact label={text.status}>
            {text.resolvedBy(
              report.resolvedBy?.name ?? chat.deletedAccount,
              formatDateTime(report.resolvedAt),
            )}
          </Fact>
        ) : null}
      </dl>
      {report.screenshot ? <Screenshot url={report.screenshot} title={report.title} /> : null}
      <div className="flex flex-wrap gap-2">
        {report.resolved ? (
          <Button variant="secondary" loading={update.isPending} onClick={() => setResolved(false)}>
            <RotateCcw aria-hidden="true" />
            {text.reopen}
          </Button>
        ) : (
          <Button loading={update.isPending} onClick={() => setResolved(true)}>
            <CheckCircle2 aria-hidden="true" />
            {text.resolve}
          </Button>
        )}
        {viewer.role === Role.SuperAdmin ? (
          <Button
            variant="ghost"
            className="text-danger hover:bg-danger-soft hover:text-danger"
            onClick={() => setConfirmDelete(true)}
          >
            <Trash2 aria-hidden="true" />
            {text.delete}
          </Button>
        ) : null}
      </div>
      <Conversation report={report} viewerId={viewer.id} canDeleteAny={viewer.role === Role.SuperAdmin} />
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={text.deleteTitle}
        description={text.deleteText}
        confirmLabel={text.delete}
        tone="danger"
        isPending={remove.isPending}
        onConfirm={() =>
          remove.mutate(report.id, {
            onSuccess: () => {
              setConfirmDelete(false);
              toast({ type: 'success', title: text.deleted });
              onDeleted();
            },
            onError: showError,
          })
        }
      />
    </div>
  );
}

function Screenshot({ url, title }: { url: string; title: string }) {
  const { url: objectUrl, error } = useReportScreenshotUrl(url);
  if (error) {
    return <Alert tone="warning">{chat.screenshotFailed}</Alert>;
  }
  if (!objectUrl) {
    return (
      <div role="status" aria-label={messages.common.loading}>
        <Skeleton className="h-40 w-full max-w-sm rounded-xl" />
      </div>
    );
  }
  return (
    <figure className="flex flex-col gap-1">
      <figcaption className="text-xs font-semibold text-muted-foreground">{chat.screenshot}</figcaption>
      <a
        href={objectUrl}
        target="_blank"
        rel="noreferrer"
        aria-label={chat.openScreenshot}
        className="block w-fit rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <img
          src={objectUrl}
          alt={chat.screenshotAlt(title)}
          className="max-h-80 max-w-full rounded-xl border border-border object-contain"
        />
      </a>
    </figure>
  );
}

function Conversation({
  report,
  viewerId,
  canDeleteAny,
}: {
  report: Report;
  viewerId: number;
  canDeleteAny: boolean;
}) {
  const conversation = useReportConversation(report.id);
  const replies = conversation.data?.list ?? [];
  return (
    <section aria-labelledby={`report-${report.id}-conversation`} className="flex flex-col gap-3">
      <h3 id={`report-${report.id}-conversation`} className="text-sm font-bold">
        {chat.title}
      </h3>
      {conversation.isPending ? (
        <Skeleton className="h-24 w-full rounded-xl" />
      ) : conversation.isError ? (
        <ErrorState
          title={chat.loadFailed}
          error={conversation.error}
          onRetry={() => void conversation.refetch()}
        />
      ) : replies.length === 0 ? (
        <p className="text-sm text-muted-foreground">{chat.empty}</p>
      ) : (
        <ol className="flex flex-col gap-3" aria-live="polite">
          {replies.map((reply) => (
            <ReplyItem
              key={reply.id}
              reply={reply}
              mine={reply.author?.id === viewerId}
              canDelete={reply.author?.id === viewerId || canDeleteAny}
            />
          ))}
        </ol>
      )}
      <ReplyForm reportId={report.id} />
    </section>
  );
}

function ReplyItem({ reply, mine, canDelete }: { reply: ReportReply; mine: boolean; canDelete: boolean }) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteReportReply();
  const { toast } = useToast();
  const showError = useErrorToast();
  const name = reply.author?.name?.trim() || chat.deletedAccount;
  return (
    <li className={cn('flex max-w-[90%] gap-2', reply.fromStaff ? 'ms-auto flex-row-reverse' : '')}>
      <Avatar name={name} src={reply.author?.image ?? null} size="sm" />
      <div
        className={cn(
          'flex min-w-0 flex-col gap-1 rounded-2xl px-3 py-2',
          reply.fromStaff ? 'bg-brand-soft text-brand-soft-foreground' : 'bg-surface-muted',
        )}
      >
        <p className="flex flex-wrap items-baseline gap-x-2 text-xs">
          <bdi className="font-bold" dir="auto">
            {name}
          </bdi>
          <span className="text-muted-foreground">{reply.fromStaff ? chat.support : chat.reporter}</span>
          <time dateTime={reply.createdAt} className="text-muted-foreground">
            {formatDateTime(reply.createdAt)}
          </time>
          {reply.updatedAt !== reply.createdAt ? (
            <span className="text-muted-foreground">({chat.edited})</span>
          ) : null}
        </p>
        {editing ? (
          <EditReply reply={reply} onDone={() => setEditing(false)} />
        ) : (
          <p className="whitespace-pre-wrap break-words text-sm" dir="auto">
            {reply.text}
          </p>
        )}
        {!editing && (mine || canDelete) ? (
          <div className="flex gap-1">
            {mine ? (
              <Button size="sm" variant="ghost" onClick={() => setEditing(true)}>
                <Pencil aria-hidden="true" />
                {chat.editReply}
              </Button>
            ) : null}
            {canDelete ? (
              <Button
                size="sm"
                variant="ghost"
                className="text-danger hover:bg-danger-soft hover:text-danger"
                onClick={() => setDeleting(true)}
              >
                <Trash2 aria-hidden="true" />
                {chat.deleteReply}
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={chat.deleteReplyTitle}
        description={chat.deleteReplyText}
        confirmLabel={chat.deleteReply}
        tone="danger"
        isPending={remove.isPending}
        onConfirm={() =>
          remove.mutate(
            { id: reply.id, reportId: reply.reportId },
            {
              onSuccess: () => {
                setDeleting(false);
                toast({ type: 'success', title: chat.replyDeleted });
              },
              onError: showError,
            },
          )
        }
      />
    </li>
  );
}

function ReplyForm({ reportId }: { reportId: number }) {
  const create = useCreateReportReply();
  const { toast } = useToast();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ReportReplyTextSchema.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    create.mutate(
      { reportId, text: parsed.data },
      {
        onSuccess: () => {
          setValue('');
          toast({ type: 'success', title: chat.sent });
        },
        onError: (failure) => setError(isApiError(failure) ? failure.code : 'unexpected'),
      },
    );
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-2">
      <FormField label={chat.replyLabel} error={error}>
        <Textarea
          value={value}
          rows={3}
          maxLength={BOUNDS.reportReply.max}
          placeholder={chat.replyPlaceholder}
          onChange={(event) => setValue(event.target.value)}
        />
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" size="sm" loading={create.isPending}>
          <Send aria-hidden="true" />
          {chat.send}
        </Button>
      </div>
    </form>
  );
}

function EditReply({ reply, onDone }: { reply: ReportReply; onDone: () => void }) {
  const update = useUpdateReportReply();
  const [value, setValue] = useState(reply.text);
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ReportReplyTextSchema.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    update.mutate(
      { id: reply.id, text: parsed.data },
      {
        onSuccess: onDone,
        onError: (failure) => setError(isApiError(failure) ? failure.code : 'unexpected'),
      },
    );
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-2">
      <FormField label={chat.editReply} error={error}>
        <Textarea
          value={value}
          rows={3}
          maxLength={BOUNDS.reportReply.max}
          onChange={(event) => setValue(event.target.value)}
        />
      </FormField>
      <div className="flex gap-2">
        <Button type="submit" size="sm" loading={update.isPending}>
          {chat.saveReply}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          {chat.cancelEdit}
        </Button>
      </div>
    </form>
  );
}
