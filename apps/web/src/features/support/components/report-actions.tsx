import { isApiError, useDeleteReport, useUpdateReport } from '@hiwar/client';
import { BOUNDS, type Report, ReportDescriptionSchema, ReportTitleSchema } from '@hiwar/domain';
import {
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  FormField,
  Input,
  messages,
  supportMessages,
  Textarea,
  useErrorToast,
  useToast,
} from '@hiwar/ui';
import { Pencil, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';

const text = supportMessages.myReports;
const reportText = supportMessages.report;

/**
 * Edit and delete for the reporter, offered only while no staff reply exists (the server answers
 * `report-has-reply` otherwise, shown as a toast if a reply arrived meanwhile).
 */
export function ReportActions({ report, onDeleted }: { report: Report; onDeleted: () => void }) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteReport();
  const { toast } = useToast();
  const showError = useErrorToast();

  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
        <Pencil aria-hidden="true" />
        {text.edit}
      </Button>
      <Button
        size="sm"
        variant="ghost"
        className="text-danger hover:bg-danger-soft hover:text-danger"
        onClick={() => setDeleting(true)}
      >
        <Trash2 aria-hidden="true" />
        {text.delete}
      </Button>
      <Dialog open={editing} onOpenChange={setEditing}>
        {editing ? (
          <DialogContent title={text.editTitle} className="sm:max-w-xl">
            <EditReportForm report={report} onDone={() => setEditing(false)} />
          </DialogContent>
        ) : null}
      </Dialog>
      <Dialog open={deleting} onOpenChange={setDeleting}>
        <DialogContent
          title={text.deleteTitle}
          description={text.deleteText}
          footer={
            <>
              <DialogClose asChild>
                <Button variant="secondary">{messages.common.cancel}</Button>
              </DialogClose>
              <Button
                variant="danger"
                loading={remove.isPending}
                onClick={() =>
                  remove.mutate(report.id, {
                    onSuccess: () => {
                      setDeleting(false);
                      toast({ type: 'success', title: text.deleted });
                      onDeleted();
                    },
                    onError: (error) => {
                      setDeleting(false);
                      showError(error);
                    },
                  })
                }
              >
                {text.delete}
              </Button>
            </>
          }
        />
      </Dialog>
    </div>
  );
}

function EditReportForm({ report, onDone }: { report: Report; onDone: () => void }) {
  const update = useUpdateReport();
  const { toast } = useToast();
  const showError = useErrorToast();
  const [title, setTitle] = useState(report.title);
  const [description, setDescription] = useState(report.description);
  const [errors, setErrors] = useState<{ title?: string; description?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsedTitle = ReportTitleSchema.safeParse(title);
    const parsedDescription = ReportDescriptionSchema.safeParse(description);
    if (!parsedTitle.success || !parsedDescription.success) {
      setErrors({
        title: parsedTitle.success ? undefined : parsedTitle.error.issues[0]?.message,
        description: parsedDescription.success ? undefined : parsedDescription.error.issues[0]?.message,
      });
      return;
    }
    setErrors({});
    update.mutate(
      { id: report.id, body: { title: parsedTitle.data, description: parsedDescription.data } },
      {
        onSuccess: () => {
          toast({ type: 'success', title: text.saved });
          onDone();
        },
        onError: (error) => {
          if (isApiError(error) && error.code.startsWith('report-title')) {
            setErrors({ title: error.code });
          } else if (isApiError(error) && error.code.startsWith('report-description')) {
            setErrors({ description: error.code });
          } else {
            showError(error);
            onDone();
          }
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <FormField
        label={reportText.titleLabel}
        error={errors.title}
        hint={reportText.titleHint(BOUNDS.reportTitle.min, BOUNDS.reportTitle.max)}
      >
        <Input
          value={title}
          maxLength={BOUNDS.reportTitle.max}
          onChange={(event) => setTitle(event.target.value)}
        />
      </FormField>
      <FormField
        label={reportText.descriptionLabel}
        error={errors.description}
        hint={reportText.descriptionHint(BOUNDS.reportDescription.min, BOUNDS.reportDescription.max)}
      >
        <Textarea
          value={description}
          rows={5}
          maxLength={BOUNDS.reportDescription.max}
          onChange={(event) => setDescription(event.target.value)}
        />
      </FormField>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onDone}>
          {messages.common.cancel}
        </Button>
        <Button type="submit" loading={update.isPending}>
          {text.save}
        </Button>
      </div>
    </form>
  );
}
