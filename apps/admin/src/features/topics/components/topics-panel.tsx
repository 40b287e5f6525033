import { useStaffCreateTopic, useStaffDeleteTopic, useStaffTopics, useStaffUpdateTopic } from '@hiwar/client';
import { CreateTopicRequestSchema, type Topic } from '@hiwar/domain';
import {
  Button,
  Dialog,
  DialogContent,
  EmptyState,
  FormField,
  Input,
  messages,
  scheduleMessages,
  useErrorToast,
  useToast,
} from '@hiwar/ui';
import { Pencil, Plus, Tags, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { tableStyles as t } from '../../../components/table-styles.ts';

const text = scheduleMessages.adminTopics;

type Editing = { mode: 'add' } | { mode: 'edit'; topic: Topic } | null;

function TopicForm({
  topic,
  pending,
  onSubmit,
}: {
  topic: Topic | null;
  pending: boolean;
  onSubmit: (body: { nameAr: string; nameEn: string }) => void;
}) {
  const [nameAr, setNameAr] = useState(topic?.nameAr ?? '');
  const [nameEn, setNameEn] = useState(topic?.nameEn ?? '');
  const [errors, setErrors] = useState<{ nameAr?: string; nameEn?: string }>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = CreateTopicRequestSchema.safeParse({ nameAr, nameEn });
    if (!parsed.success) {
      const next: { nameAr?: string; nameEn?: string } = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if ((key === 'nameAr' || key === 'nameEn') && !next[key]) {
          next[key] = issue.message;
        }
      }
      setErrors(next);
      return;
    }
    setErrors({});
    onSubmit(parsed.data);
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <FormField label={text.nameAr} error={errors.nameAr}>
        <Input value={nameAr} onChange={(event) => setNameAr(event.target.value)} />
      </FormField>
      <FormField label={text.nameEn} error={errors.nameEn}>
        <Input dir="ltr" value={nameEn} onChange={(event) => setNameEn(event.target.value)} />
      </FormField>
      <Button type="submit" disabled={pending}>
        {messages.common.save}
      </Button>
    </form>
  );
}

/** `/topics`: the catalogue of topics with Arabic and English names; add, rename, delete. */
export function TopicsPanel() {
  const topics = useStaffTopics();
  const create = useStaffCreateTopic();
  const update = useStaffUpdateTopic();
  const remove = useStaffDeleteTopic();
  const { toast } = useToast();
  const showError = useErrorToast();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Topic | null>(null);

  const submit = (body: { nameAr: string; nameEn: string }) => {
    const done = (title: string) => () => {
      setEditing(null);
      toast({ type: 'success', title });
    };
    if (editing?.mode === 'edit') {
      update.mutate({ id: editing.topic.id, body }, { onSuccess: done(text.updated), onError: showError });
    } else {
      create.mutate(body, { onSuccess: done(text.created), onError: showError });
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex justify-end">
        <Button onClick={() => setEditing({ mode: 'add' })}>
          <Plus aria-hidden="true" className="size-4" />
          {text.add}
        </Button>
      </div>
      {topics.isLoading ? (
        <Skeleton className="h-48 w-full rounded-2xl" />
      ) : topics.isError ? (
        <ErrorState title={text.loadFailed} error={topics.error} onRetry={() => void topics.refetch()} />
      ) : (topics.data?.length ?? 0) === 0 ? (
        <EmptyState icon={<Tags />} title={text.empty} />
      ) : (
        <div className="overflow-x-auto rounded-2xl border border-border bg-card">
          <table className={t.table} aria-label={text.table}>
            <thead className={t.head}>
              <tr>
                <th className={t.headCell}>{text.nameAr}</th>
                <th className={t.headCell}>{text.nameEn}</th>
                <th className={t.headCell}>{text.actions}</th>
              </tr>
            </thead>
            <tbody className={t.body}>
              {topics.data?.map((topic) => (
                <tr key={topic.id} className={t.row}>
                  <td className={t.cell}>{topic.nameAr}</td>
                  <td className={t.cell} dir="ltr">
                    {topic.nameEn}
                  </td>
                  <td className={t.cell}>
                    <div className="flex gap-1">
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`${text.edit} ${topic.nameAr}`}
                        onClick={() => setEditing({ mode: 'edit', topic })}
                      >
                        <Pencil aria-hidden="true" className="size-4" />
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`${text.delete} ${topic.nameAr}`}
                        onClick={() => setDeleting(topic)}
                      >
                        <Trash2 aria-hidden="true" className="size-4" />
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Dialog open={editing !== null} onOpenChange={(open) => (open ? undefined : setEditing(null))}>
        {editing ? (
          <DialogContent title={editing.mode === 'add' ? text.addTitle : text.editTitle}>
            <TopicForm
              key={editing.mode === 'edit' ? editing.topic.id : 'new'}
              topic={editing.mode === 'edit' ? editing.topic : null}
              pending={create.isPending || update.isPending}
              onSubmit={submit}
            />
          </DialogContent>
        ) : null}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={text.deleteTitle}
        description={deleting ? text.deleteText(deleting.nameAr) : ''}
        confirmLabel={text.delete}
        tone="danger"
        isPending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              toast({ type: 'success', title: text.deleted });
            },
            onError: showError,
          })
        }
      />
    </div>
  );
}
