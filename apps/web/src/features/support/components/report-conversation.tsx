import {
  isApiError,
  useCreateReportReply,
  useDeleteReportReply,
  useReportConversation,
  useUpdateReportReply,
} from '@hiwar/client';
import { BOUNDS, type Report, type ReportReply, ReportReplyTextSchema } from '@hiwar/domain';
import {
  Alert,
  Avatar,
  Button,
  cn,
  Dialog,
  DialogClose,
  DialogContent,
  FormField,
  formatDateTime,
  messages,
  Skeleton,
  supportMessages,
  Textarea,
  useErrorToast,
  useToast,
} from '@hiwar/ui';
import { Pencil, Send, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';

const text = supportMessages.conversation;

/**
 * A report's conversation for its reporter: replies oldest first (the reporter's own on the start
 * side, the support team's on the end side), the reply form, and edit or delete on the reporter's own
 * replies. New staff replies arrive through `useReportEvents` (mounted by the page).
 */
export function ReportConversation({ report, viewerId }: { report: Report; viewerId: number }) {
  const conversation = useReportConversation(report.id);
  const replies = conversation.data?.list ?? [];

  return (
    <section aria-labelledby={`conversation-${report.id}`} className="flex flex-col gap-3">
      <h3 id={`conversation-${report.id}`} className="font-bold">
        {text.title}
      </h3>
      {conversation.isPending ? (
        <div className="flex flex-col gap-2" aria-busy="true">
          <Skeleton className="h-16 w-3/4" />
          <Skeleton className="ms-auto h-16 w-3/4" />
        </div>
      ) : conversation.isError ? (
        <Alert
          tone="danger"
          title={text.loadFailed}
          action={
            <Button size="sm" variant="secondary" onClick={() => void conversation.refetch()}>
              {messages.common.retry}
            </Button>
          }
        />
      ) : replies.length === 0 ? (
        <p className="text-sm text-muted-foreground">{text.empty}</p>
      ) : (
        <ol className="flex flex-col gap-3" aria-live="polite">
          {replies.map((reply) => (
            <ReplyItem key={reply.id} reply={reply} mine={reply.author?.id === viewerId} />
          ))}
        </ol>
      )}
      <ReplyForm reportId={report.id} />
    </section>
  );
}

function ReplyItem({ reply, mine }: { reply: ReportReply; mine: boolean }) {
  const [editing, setEditing] = useState(false);
  const name = mine ? text.you : reply.fromStaff ? text.support : (reply.author?.name ?? text.deletedAccount);
  return (
    <li className={cn('flex max-w-[90%] gap-2', reply.fromStaff ? 'ms-auto flex-row-reverse' : '')}>
      <Avatar name={name} src={reply.fromStaff ? null : (reply.author?.image ?? null)} size="sm" decorative />
      <div
        className={cn(
          'flex min-w-0 flex-col gap-1 rounded-2xl px-3 py-2',
          reply.fromStaff ? 'bg-brand-soft text-brand-soft-foreground' : 'bg-surface-muted',
        )}
      >
        <p className="flex flex-wrap items-baseline gap-x-2 text-xs">
          <span className="font-bold">{name}</span>
          <time dateTime={reply.createdAt} className="text-muted-foreground">
            {formatDateTime(reply.createdAt)}
          </time>
          {reply.updatedAt !== reply.createdAt ? (
            <span className="text-muted-foreground">({text.edited})</span>
          ) : null}
        </p>
        {editing ? (
          <EditReplyForm reply={reply} onDone={() => setEditing(false)} />
        ) : (
          <p className="whitespace-pre-wrap break-words text-sm">{reply.text}</p>
        )}
        {mine && !editing ? (
          <div className="flex gap-1">
            <Button size="sm" variant="ghost" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" />
              {text.editReply}
            </Button>
            <DeleteReplyButton reply={reply} />
          </div>
        ) : null}
      </div>
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
          toast({ type: 'success', title: text.sent });
        },
        onError: (failure) => setError(isApiError(failure) ? failure.code : 'unexpected'),
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-2">
      <FormField label={text.replyLabel} error={error}>
        <Textarea
          value={value}
          rows={3}
          maxLength={BOUNDS.reportReply.max}
          placeholder={text.replyPlaceholder}
          onChange={(event) => setValue(event.target.value)}
        />
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" size="sm" loading={create.isPending}>
          <Send aria-hidden="true" />
          {text.send}
        </Button>
      </div>
    </form>
  );
}

function EditReplyForm({ reply, onDone }: { reply: ReportReply; onDone: () => void }) {
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
      <FormField label={text.editReply} error={error}>
        <Textarea
          value={value}
          rows={3}
          maxLength={BOUNDS.reportReply.max}
          onChange={(event) => setValue(event.target.value)}
        />
      </FormField>
      <div className="flex gap-2">
        <Button type="submit" size="sm" loading={update.isPending}>
          {text.saveReply}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          {text.cancelEdit}
        </Button>
      </div>
    </form>
  );
}

function DeleteReplyButton({ reply }: { reply: ReportReply }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteReportReply();
  const { toast } = useToast();
  const showError = useErrorToast();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button
        size="sm"
        variant="ghost"
        className="text-danger hover:bg-danger-soft hover:text-danger"
        onClick={() => setOpen(true)}
      >
        <Trash2 aria-hidden="true" />
        {text.deleteReply}
      </Button>
      <DialogContent
        title={text.deleteReplyTitle}
        description={text.deleteReplyText}
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary">{messages.common.cancel}</Button>
            </DialogClose>
            <Button
              variant="danger"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(
                  { id: reply.id, reportId: reply.reportId },
                  {
                    onSuccess: () => {
                      setOpen(false);
                      toast({ type: 'success', title: text.replyDeleted });
                    },
                    onError: showError,
                  },
                )
              }
            >
              {text.deleteReply}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}
