import { useUpdateInterview } from '@hiwar/client';
import { BOUNDS, type Interview } from '@hiwar/domain';
import { Button, FormField, interviewsMessages, Textarea, useToast } from '@hiwar/ui';
import { type FormEvent, useState } from 'react';
import { plainText, visibleLength } from '../lib/interview-view.ts';
import { InterviewError } from './interview-error.tsx';

const text = interviewsMessages.intervieweeFeedback;

/** Checks a feedback text as the server counts it (5–1000 visible characters); an error code or null. */
export function checkFeedback(value: string): string | null {
  const length = visibleLength(value);
  if (length === 0) {
    return 'required';
  }
  if (length < BOUNDS.interviewFeedback.min) {
    return 'interview-feedback-too-short';
  }
  return length > BOUNDS.interviewFeedback.max ? 'interview-feedback-too-long' : null;
}

/**
 * The tutor's own words about a past interview (`intervieweeFeedback`): shown once given, with an edit
 * button; a form otherwise.
 */
export function IntervieweeFeedbackForm({ interview }: { interview: Interview }) {
  const saved = plainText(interview.intervieweeFeedback);
  const [editing, setEditing] = useState(saved === '');
  const [value, setValue] = useState(saved);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateInterview();
  const { toast } = useToast();

  if (!editing) {
    return (
      <div className="flex flex-col gap-2 rounded-xl bg-surface-muted p-4">
        <p className="text-sm font-semibold">{text.title}</p>
        <p className="whitespace-pre-line text-sm">{saved}</p>
        <Button size="sm" variant="ghost" className="self-start" onClick={() => setEditing(true)}>
          {text.edit}
        </Button>
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = checkFeedback(value);
    setError(problem);
    if (problem) {
      return;
    }
    update.mutate(
      { id: interview.id, body: { intervieweeFeedback: value.trim() } },
      {
        onSuccess: () => {
          toast({ type: 'success', title: text.saved });
          setEditing(false);
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3 rounded-xl bg-surface-muted p-4">
      <FormField label={text.label} hint={text.hint} error={error ?? undefined}>
        <Textarea
          value={value}
          rows={3}
          maxLength={BOUNDS.interviewFeedback.max}
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
          }}
        />
      </FormField>
      {update.isError ? <InterviewError error={update.error} /> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" loading={update.isPending}>
          {text.submit}
        </Button>
        {saved ? (
          <Button
            type="button"
            size="sm"
            variant="ghost"
            onClick={() => {
              setValue(saved);
              setError(null);
              setEditing(false);
            }}
          >
            {text.cancel}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
