import { isApiError, useCreateReport } from '@hiwar/client';
import { BOUNDS, CreateReportRequestSchema, type Report } from '@hiwar/domain';
import {
  Alert,
  Button,
  Dialog,
  DialogContent,
  errorMessage,
  FormField,
  formatDateTime,
  genericErrorMessage,
  Input,
  messages,
  supportMessages,
  Textarea,
  useToast,
} from '@hiwar/ui';
import { ImagePlus, Send, X } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';

const text = supportMessages.report;
const ACCEPTED_TYPES = ['image/png', 'image/jpeg', 'image/gif'] as const;

export interface ReportProblemDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The lesson the problem is about (the lesson card's report), shown and sent along. */
  lesson?: { id: number; start: string } | null;
  /** Called with the new report after the dialog closed. */
  onSent?: (report: Report) => void;
}

/**
 * "Report a problem" (rules.md "Reports and contact requests"): a title (5–128), a description
 * (10–1000), an optional screenshot (JPG, PNG or GIF up to 10 MB, uploaded with progress) and, from a
 * lesson card, that lesson. Checked with the domain's schema before sending; the server's codes are
 * shown by field.
 */
export function ReportProblemDialog({ open, onOpenChange, lesson = null, onSent }: ReportProblemDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <DialogContent
          title={lesson ? text.lessonAction : text.title}
          description={text.description}
          className="sm:max-w-xl"
        >
          <ReportForm
            lesson={lesson}
            onSent={(report) => {
              onOpenChange(false);
              onSent?.(report);
            }}
          />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

type FieldErrors = { title?: string; description?: string; screenshot?: string };

function ReportForm({
  lesson,
  onSent,
}: {
  lesson: { id: number; start: string } | null;
  onSent: (report: Report) => void;
}) {
  const create = useCreateReport();
  const { toast } = useToast();
  const navigate = useNavigate();
  const fileInput = useRef<HTMLInputElement>(null);
  const screenshotId = useId();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [screenshot, setScreenshot] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [progress, setProgress] = useState<number | null>(null);

  const chooseFile = (file: File | null) => {
    if (file && !(ACCEPTED_TYPES as readonly string[]).includes(file.type)) {
      setErrors((current) => ({ ...current, screenshot: text.screenshotWrongType }));
      return;
    }
    if (file && file.size > BOUNDS.upload.imageMaxBytes) {
      setErrors((current) => ({ ...current, screenshot: text.screenshotTooLarge }));
      return;
    }
    setErrors((current) => ({ ...current, screenshot: undefined }));
    setScreenshot(file);
  };

  const clearFile = () => {
    setScreenshot(null);
    if (fileInput.current) {
      fileInput.current.value = '';
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = CreateReportRequestSchema.safeParse({ title, description, lessonId: lesson?.id ?? null });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'title' || field === 'description') {
          next[field] ??= issue.message;
        }
      }
      setErrors(next);
      return;
    }
    setErrors({});
    create.mutate(
      {
        input: { ...parsed.data, screenshot },
        ...(screenshot ? { onProgress: setProgress } : {}),
      },
      {
        onSuccess: (report) => {
          toast({
            type: 'success',
            title: text.sent,
            actions: [
              {
                label: text.viewReports,
                onClick: () => void navigate(`/reports?id=${report.id}`),
                altText: text.viewReportsAlt,
              },
            ],
          });
          onSent(report);
        },
        onError: (error) => {
          setProgress(null);
          if (!isApiError(error)) {
            return;
          }
          if (error.code.startsWith('report-title')) {
            setErrors({ title: error.code });
          } else if (error.code.startsWith('report-description')) {
            setErrors({ description: error.code });
          } else if (error.code === 'invalid-type' || error.code === 'payload-too-large') {
            setErrors({ screenshot: errorMessage(error.code) });
          }
        },
      },
    );
  };

  const failure = create.error;
  // Errors shown beside their field need no second alert.
  const fieldError =
    isApiError(failure) &&
    ['report-title', 'report-description', 'invalid-type', 'payload-too-large'].some((prefix) =>
      failure.code.startsWith(prefix),
    );

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      {lesson ? (
        <p className="rounded-xl bg-surface-muted px-3 py-2 text-sm text-muted-foreground">
          {text.lessonNote(formatDateTime(lesson.start))}
        </p>
      ) : null}
      <FormField
        label={text.titleLabel}
        error={errors.title}
        hint={text.titleHint(BOUNDS.reportTitle.min, BOUNDS.reportTitle.max)}
      >
        <Input
          value={title}
          maxLength={BOUNDS.reportTitle.max}
          placeholder={text.titlePlaceholder}
          onChange={(event) => setTitle(event.target.value)}
        />
      </FormField>
      <FormField
        label={text.descriptionLabel}
        error={errors.description}
        hint={text.descriptionHint(BOUNDS.reportDescription.min, BOUNDS.reportDescription.max)}
      >
        <Textarea
          value={description}
          rows={5}
          maxLength={BOUNDS.reportDescription.max}
          placeholder={text.descriptionPlaceholder}
          onChange={(event) => setDescription(event.target.value)}
        />
      </FormField>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={screenshotId} className="text-sm font-semibold text-foreground">
          {text.screenshotLabel}
          <span className="ms-1 font-normal text-muted-foreground">({messages.common.optional})</span>
        </label>
        <div className="flex flex-wrap items-center gap-2">
          <input
            ref={fileInput}
            id={screenshotId}
            type="file"
            accept={ACCEPTED_TYPES.join(',')}
            aria-describedby={`${screenshotId}-hint${errors.screenshot ? ` ${screenshotId}-error` : ''}`}
            aria-invalid={errors.screenshot ? true : undefined}
            className="sr-only"
            onChange={(event) => chooseFile(event.target.files?.[0] ?? null)}
          />
          <Button type="button" variant="secondary" size="sm" onClick={() => fileInput.current?.click()}>
            <ImagePlus aria-hidden="true" />
            {text.screenshotLabel}
          </Button>
          {screenshot ? (
            <span className="flex min-w-0 items-center gap-1 text-sm">
              <span className="truncate">{text.screenshotChosen(screenshot.name)}</span>
              <Button
                type="button"
                variant="ghost"
                size="icon-sm"
                aria-label={text.removeScreenshot}
                onClick={clearFile}
              >
                <X aria-hidden="true" />
              </Button>
            </span>
          ) : null}
        </div>
        <p id={`${screenshotId}-hint`} className="text-xs text-muted-foreground">
          {text.screenshotHint}
        </p>
        {errors.screenshot ? (
          <p id={`${screenshotId}-error`} className="text-sm font-medium text-danger">
            {errors.screenshot}
          </p>
        ) : null}
      </div>
      {create.isPending && progress !== null ? (
        <div className="flex flex-col gap-1" aria-live="polite">
          <progress
            value={progress}
            max={100}
            className="h-2 w-full accent-brand"
            aria-label={text.uploading(progress)}
          />
          <span className="text-xs text-muted-foreground">{text.uploading(progress)}</span>
        </div>
      ) : null}
      {failure && !fieldError ? <SendError error={failure} /> : null}
      <div className="flex justify-end">
        <Button type="submit" loading={create.isPending}>
          <Send aria-hidden="true" />
          {text.submit}
        </Button>
      </div>
    </form>
  );
}

function SendError({ error }: { error: Error }) {
  const title = isApiError(error)
    ? errorMessage(error.code)
    : error instanceof TypeError
      ? messages.common.networkError
      : genericErrorMessage;
  return <Alert tone="danger" role="alert" title={title} />;
}
