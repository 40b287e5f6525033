import { isApiError, useCreateRating, useOwnRating, useSession, useUpdateRating } from '@hiwar/client';
import {
  BOUNDS,
  CreateRatingRequestSchema,
  RATING_LABELS,
  type Rating,
  type RatingValue,
} from '@hiwar/domain';
import {
  Alert,
  Button,
  cn,
  Dialog,
  DialogContent,
  errorMessage,
  FormField,
  genericErrorMessage,
  lessonsMessages,
  messages,
  Skeleton,
  Textarea,
  useToast,
} from '@hiwar/ui';
import { Star } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';

const text = lessonsMessages.rate;
const VALUES = [1, 2, 3, 4, 5] as const satisfies readonly RatingValue[];

export interface RateTutorDialogProps {
  tutor: { id: number; name: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called with the saved rating (new or edited), after the dialog closes. */
  onRated?: (rating: Rating) => void;
}

/**
 * Rate a tutor 1–5 with an optional comment (rules.md "Ratings"). Opens on the student's existing rating
 * when there is one and edits it; a create answered `rating-exists` switches to editing that rating.
 */
export function RateTutorDialog({ tutor, open, onOpenChange, onRated }: RateTutorDialogProps) {
  const { user } = useSession();
  const own = useOwnRating(user?.id ?? null, tutor.id, { enabled: open });
  const editing = own.data != null;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <DialogContent
          title={editing ? text.editTitle(tutor.name) : text.title(tutor.name)}
          description={text.description}
        >
          {own.isPending ? (
            <div className="flex flex-col gap-3" aria-busy="true">
              <Skeleton className="h-12 w-full" />
              <Skeleton className="h-24 w-full" />
            </div>
          ) : own.isError ? (
            <Alert
              tone="danger"
              title={text.loadFailed}
              action={
                <Button size="sm" variant="secondary" onClick={() => void own.refetch()}>
                  {messages.common.retry}
                </Button>
              }
            />
          ) : (
            <RatingForm
              tutorId={tutor.id}
              existing={own.data}
              onExists={() => void own.refetch()}
              onSaved={(rating) => {
                onOpenChange(false);
                onRated?.(rating);
              }}
            />
          )}
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

type FieldErrors = { value?: string; text?: string };

function RatingForm({
  tutorId,
  existing,
  onExists,
  onSaved,
}: {
  tutorId: number;
  existing: Rating | null;
  onExists: () => void;
  onSaved: (rating: Rating) => void;
}) {
  const { toast } = useToast();
  const create = useCreateRating();
  const update = useUpdateRating();
  const [value, setValue] = useState<number | null>(existing?.value ?? null);
  const [comment, setComment] = useState(existing?.text ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [existsNotice, setExistsNotice] = useState(false);
  const failure = existing ? update.error : create.error;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = CreateRatingRequestSchema.safeParse({
      rateeId: tutorId,
      value: value ?? undefined,
      text: comment,
    });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'value' || field === 'text') {
          // Domain schemas put the catalogue code in the issue's message.
          next[field] ??= issue.message;
        }
      }
      setErrors(next);
      return;
    }
    setErrors({});
    const saved = (rating: Rating, title: string) => {
      toast({ type: 'success', title });
      onSaved(rating);
    };
    if (existing) {
      update.mutate(
        { id: existing.id, patch: { value: parsed.data.value, text: parsed.data.text } },
        { onSuccess: (rating) => saved(rating, text.updated) },
      );
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: (rating) => saved(rating, text.rated),
      onError: (error) => {
        if (isApiError(error) && error.code === 'rating-exists') {
          setExistsNotice(true);
          create.reset();
          onExists();
        }
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      {existsNotice && existing ? <Alert tone="info">{text.alreadyRated}</Alert> : null}
      <StarPicker
        value={value}
        error={errors.value}
        onChange={(next) => {
          setValue(next);
          setErrors((current) => ({ ...current, value: undefined }));
        }}
      />
      <FormField
        label={text.textLabel}
        optional
        error={errors.text}
        hint={text.textHint(BOUNDS.ratingText.min, BOUNDS.ratingText.max)}
      >
        <Textarea
          value={comment}
          maxLength={BOUNDS.ratingText.max}
          placeholder={text.textPlaceholder}
          onChange={(event) => setComment(event.target.value)}
        />
      </FormField>
      {failure ? <RatingError error={failure} /> : null}
      <div className="flex justify-end">
        <Button type="submit" loading={create.isPending || update.isPending}>
          {existing ? text.save : text.submit}
        </Button>
      </div>
    </form>
  );
}

/** Five stars as native radio inputs (arrow keys work); the scale's word for the chosen or hovered value. */
function StarPicker({
  value,
  error,
  onChange,
}: {
  value: number | null;
  error: string | undefined;
  onChange: (value: number) => void;
}) {
  const id = useId();
  const [hovered, setHovered] = useState<number | null>(null);
  const shown = hovered ?? value;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset
      className="flex flex-col items-center gap-2"
      aria-describedby={errorId}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-2 w-full text-sm font-semibold">{text.starsLegend}</legend>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: hover only previews; the radios are the control. */}
      <div className="flex gap-1" onMouseLeave={() => setHovered(null)}>
        {VALUES.map((star) => (
          <label
            key={star}
            onMouseEnter={() => setHovered(star)}
            className="relative cursor-pointer rounded-lg p-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand"
          >
            <input
              type="radio"
              name={`${id}-stars`}
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
              aria-label={`${text.star(star)}: ${text.scale[RATING_LABELS[star]]}`}
              // Over the star, transparent: the star is what is seen and clicked, the radio what is used.
              className="absolute inset-0 size-full cursor-pointer opacity-0"
            />
            <Star
              aria-hidden
              className={cn(
                'size-9 transition-colors',
                shown !== null && star <= shown ? 'fill-warning text-warning' : 'text-border',
              )}
            />
          </label>
        ))}
      </div>
      <p className="min-h-5 text-sm font-medium" aria-live="polite">
        {shown !== null ? text.scale[RATING_LABELS[shown as RatingValue]] : text.chooseStars}
      </p>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-danger">
          {errorMessage(error)}
        </p>
      ) : null}
    </fieldset>
  );
}

function RatingError({ error }: { error: Error }) {
  if (isApiError(error) && error.code === 'rating-exists') {
    return null;
  }
  const title = isApiError(error)
    ? errorMessage(error.code)
    : error instanceof TypeError
      ? messages.common.networkError
      : genericErrorMessage;
  return <Alert tone="danger" role="alert" title={title} />;
}
