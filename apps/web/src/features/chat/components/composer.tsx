import { BOUNDS } from '@hiwar/domain';
import { Button, chatMessages, cn, Textarea } from '@hiwar/ui';
import { SendHorizontal } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';

const text = chatMessages.composer;
const MAX = BOUNDS.messageText.max;

/** Visible characters as the server counts them (code points of the trimmed text). */
export function visibleLength(value: string): number {
  return [...value.trim()].length;
}

export interface ComposerProps {
  /** Sends the text; the box is cleared at once (a failed send stays in the conversation with "retry"). */
  onSend: (text: string) => void;
  /** Every keystroke, for "typing…". */
  onTyping?: () => void;
  disabled?: boolean;
  /** Busy (a first message being posted): the button shows a spinner. */
  sending?: boolean;
  /** Takes the focus as soon as it can be typed in (a room just opened from the list). */
  autoFocus?: boolean;
  className?: string;
}

/**
 * The message box: Enter sends, Shift+Enter starts a new line (and Enter while an input method is composing
 * does nothing), with a counter against the 1000-character limit. `dir="auto"` lets an English message
 * be typed left to right.
 */
export function Composer({
  onSend,
  onTyping,
  disabled = false,
  sending = false,
  autoFocus = false,
  className,
}: ComposerProps) {
  const [value, setValue] = useState('');
  const counterId = useId();
  const length = visibleLength(value);
  const tooLong = length > MAX;
  const canSend = length > 0 && !tooLong && !disabled && !sending;
  const box = useRef<HTMLTextAreaElement>(null);
  const focused = useRef(false);

  // The box is disabled until the room is known: focus it once it is enabled.
  useEffect(() => {
    if (autoFocus && !disabled && !focused.current) {
      focused.current = true;
      box.current?.focus();
    }
  }, [autoFocus, disabled]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) {
      return;
    }
    onSend(value.trim());
    setValue('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form onSubmit={submit} className={cn('flex flex-col gap-1.5', className)}>
      <div className="flex items-end gap-2">
        <Textarea
          ref={box}
          aria-label={text.label}
          aria-describedby={counterId}
          aria-invalid={tooLong || undefined}
          placeholder={text.placeholder}
          dir="auto"
          rows={1}
          value={value}
          disabled={disabled}
          onChange={(event) => {
            setValue(event.target.value);
            if (event.target.value.trim() !== '') {
              onTyping?.();
            }
          }}
          onKeyDown={onKeyDown}
          className="max-h-40 min-h-11! resize-none [field-sizing:content]"
        />
        <Button type="submit" size="icon" aria-label={text.send} disabled={!canSend} loading={sending}>
          {sending ? null : <SendHorizontal aria-hidden="true" className="rtl:-scale-x-100" />}
        </Button>
      </div>
      <div className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
        <span className="max-sm:hidden">{text.hint}</span>
        <span id={counterId} className={cn('ms-auto tabular-nums', tooLong && 'font-semibold text-danger')}>
          {tooLong ? `${text.tooLong(MAX)} · ` : null}
          {text.counter(length, MAX)}
        </span>
      </div>
    </form>
  );
}
