import type { ConversationItem } from '@hiwar/client';
import {
  Button,
  chatMessages,
  cn,
  Dialog,
  DialogClose,
  DialogContent,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
  formatTime,
  Textarea,
  useErrorToast,
} from '@hiwar/ui';
import {
  AlertCircle,
  Check,
  CheckCheck,
  Clock,
  EllipsisVertical,
  Pencil,
  RotateCw,
  Trash2,
} from 'lucide-react';
import { type KeyboardEvent, useRef, useState } from 'react';
import { MessageHtml, messagePlainText } from '../lib/message-html.tsx';
import { MessageAttachments } from './message-attachments.tsx';

const text = chatMessages.conversation;

export interface MessageBubbleProps {
  item: ConversationItem;
  /** Sent by the signed-in user: shown at the end side with ticks, and editable. */
  mine: boolean;
  /** The other member has read it (read receipts). */
  read: boolean;
  onEdit: (messageId: number, text: string) => Promise<string>;
  onDelete: (messageId: number) => Promise<string>;
  onRetry: (clientRef: string) => void;
}

function Ticks({ item, read }: { item: ConversationItem; read: boolean }) {
  if (item.kind === 'outgoing') {
    return item.message.status === 'sending' ? (
      <span className="inline-flex items-center">
        <Clock aria-hidden="true" className="size-3.5" />
        <span className="sr-only">{text.sending}</span>
      </span>
    ) : null;
  }
  return read ? (
    <span className="inline-flex items-center text-current" data-receipt="read">
      <CheckCheck aria-hidden="true" className="size-4" />
      <span className="sr-only">{text.read}</span>
    </span>
  ) : (
    <span className="inline-flex items-center opacity-60" data-receipt="sent">
      <Check aria-hidden="true" className="size-4" />
      <span className="sr-only">{text.sent}</span>
    </span>
  );
}

function EditBox({
  initial,
  onSave,
  onCancel,
}: {
  initial: string;
  onSave: (value: string) => Promise<void>;
  onCancel: () => void;
}) {
  const [value, setValue] = useState(initial);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const trimmed = value.trim();
    if (trimmed === '' || saving) {
      return;
    }
    setSaving(true);
    await onSave(trimmed);
    setSaving(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void save();
    }
  };
  return (
    <div className="flex w-full flex-col gap-2">
      <Textarea
        aria-label={text.editLabel}
        dir="auto"
        rows={2}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={onKeyDown}
        autoFocus
        className="min-h-16 bg-surface text-foreground"
      />
      <div className="flex justify-end gap-2">
        <Button size="sm" variant="ghost" onClick={onCancel}>
          {text.cancel}
        </Button>
        <Button size="sm" loading={saving} disabled={value.trim() === ''} onClick={() => void save()}>
          {text.save}
        </Button>
      </div>
    </div>
  );
}

/**
 * One message: the text (`dir="auto"`, so an English line reads left to right inside the RTL page), its
 * time, "edited", and for our own messages the sent/read ticks, a retry when sending failed, and the
 * edit (inline) and delete (confirmed) actions.
 */
export function MessageBubble({ item, mine, read, onEdit, onDelete, onRetry }: MessageBubbleProps) {
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const actionChosen = useRef(false);
  const showError = useErrorToast();
  const stored = item.kind === 'message' ? item.message : null;
  const deleted = stored?.deletedAt != null;
  const failed = item.kind === 'outgoing' && item.message.status === 'failed';
  const canChange = mine && stored !== null && !deleted;

  const saveEdit = async (value: string) => {
    if (!stored) {
      return;
    }
    const code = await onEdit(stored.id, value);
    if (code === 'ok') {
      setEditing(false);
    } else {
      showError({ code });
    }
  };
  const remove = async () => {
    if (!stored) {
      return;
    }
    setDeleting(true);
    const code = await onDelete(stored.id);
    setDeleting(false);
    setConfirmDelete(false);
    if (code !== 'ok') {
      showError({ code });
    }
  };

  return (
    <div
      data-message=""
      className={cn('group flex items-end gap-1.5', mine ? 'flex-row-reverse' : 'flex-row')}
    >
      <div
        className={cn(
          'flex max-w-[85%] flex-col gap-1 rounded-2xl px-3.5 py-2 shadow-card sm:max-w-[70%]',
          editing && 'w-full max-w-full sm:max-w-[70%]',
          mine ? 'rounded-ee-md' : 'rounded-es-md',
          // Being edited, our own message leaves the brand colour: the editor's buttons read on the surface.
          mine && !editing
            ? 'bg-brand text-brand-foreground'
            : 'border border-border bg-surface-raised text-foreground',
          failed && 'bg-danger-soft text-foreground',
          item.kind === 'outgoing' && !failed && 'opacity-80',
        )}
      >
        {editing && stored ? (
          <EditBox
            initial={messagePlainText(stored.text)}
            onSave={saveEdit}
            onCancel={() => setEditing(false)}
          />
        ) : deleted ? (
          <p
            className={cn(
              'text-sm italic',
              mine && !failed ? 'text-brand-foreground' : 'text-muted-foreground',
            )}
          >
            {text.deleted}
          </p>
        ) : (
          <>
            {stored && stored.attachments.length > 0 ? (
              <MessageAttachments attachments={stored.attachments} />
            ) : null}
            {item.message.text !== '' || !stored || stored.attachments.length === 0 ? (
              <p dir="auto" className="whitespace-pre-wrap break-words text-start leading-relaxed">
                <MessageHtml html={item.message.text} />
              </p>
            ) : null}
          </>
        )}
        <div
          className={cn(
            'flex items-center gap-1.5 self-end text-xs',
            // Full strength on the brand colour: at 80% the time fell below 4.5:1 in the light theme.
            mine && !failed && !editing ? 'text-brand-foreground' : 'text-muted-foreground',
          )}
        >
          {stored?.editedAt && !deleted ? <span>{text.edited}</span> : null}
          <time dateTime={item.message.createdAt}>{formatTime(item.message.createdAt)}</time>
          {mine && !failed ? <Ticks item={item} read={read} /> : null}
        </div>
        {failed && item.kind === 'outgoing' ? (
          <div className="flex flex-wrap items-center gap-2 text-xs text-danger">
            <AlertCircle aria-hidden="true" className="size-4" />
            <span role="alert">{text.failed}</span>
            <Button size="sm" variant="secondary" onClick={() => onRetry(item.message.clientRef)}>
              <RotateCw aria-hidden="true" />
              {text.retry}
            </Button>
          </div>
        ) : null}
      </div>
      {canChange && !editing ? (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={text.actions}
              className="text-muted-foreground opacity-100 sm:opacity-0 sm:group-focus-within:opacity-100 sm:group-hover:opacity-100"
            >
              <EllipsisVertical aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent
            align="start"
            className="min-w-40"
            // Focus stays in the edit box or the confirmation instead of going back to the menu button
            // (gone while editing; outside the confirmation, which would then close).
            onCloseAutoFocus={(event) => {
              if (actionChosen.current) {
                event.preventDefault();
                actionChosen.current = false;
              }
            }}
          >
            <DropdownMenuItem
              onSelect={() => {
                actionChosen.current = true;
                setEditing(true);
              }}
            >
              <Pencil aria-hidden="true" />
              {text.edit}
            </DropdownMenuItem>
            <DropdownMenuItem
              variant="danger"
              onSelect={() => {
                actionChosen.current = true;
                setConfirmDelete(true);
              }}
            >
              <Trash2 aria-hidden="true" />
              {text.delete}
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      ) : null}
      {canChange ? (
        <Dialog open={confirmDelete} onOpenChange={setConfirmDelete}>
          <DialogContent
            title={text.deleteTitle}
            description={text.deleteText}
            footer={
              <>
                <DialogClose asChild>
                  <Button variant="secondary">{text.cancel}</Button>
                </DialogClose>
                <Button variant="danger" loading={deleting} onClick={() => void remove()}>
                  {text.deleteConfirm}
                </Button>
              </>
            }
          />
        </Dialog>
      ) : null}
    </div>
  );
}
