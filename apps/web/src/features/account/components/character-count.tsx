import { accountMessages, cn } from '@hiwar/ui';

const text = accountMessages.fields;

/** Length as the server counts it: runs of spaces collapse and the ends are trimmed. */
export function visibleLength(value: string): number {
  return value.replace(/[ \t]+/g, ' ').trim().length;
}

/**
 * Live length of a text with bounds: what is missing or left ("متبقٍّ ٣٨ حرفًا") and "٢٢ من ٦٠".
 * Inline elements only, so it can sit inside a field's hint paragraph.
 */
export function CharacterCount({ value, min, max }: { value: string; min: number; max: number }) {
  const count = visibleLength(value);
  const tooShort = count > 0 && count < min;
  const tooLong = count > max;
  return (
    <span
      className={cn(
        'flex flex-wrap items-center justify-between gap-x-3 tabular-nums',
        tooLong ? 'font-semibold text-danger' : tooShort ? 'text-warning' : 'text-muted-foreground',
      )}
    >
      <span>{tooShort ? text.charactersNeeded(min - count) : text.charactersLeft(max - count)}</span>
      <span>{text.characterCount(count, max)}</span>
    </span>
  );
}

/** A field hint followed by the live counter (the pair is the field's description). */
export function HintWithCount({
  hint,
  value,
  min,
  max,
}: {
  hint: string;
  value: string;
  min: number;
  max: number;
}) {
  return (
    <span className="flex flex-col gap-1">
      <span>{hint}</span>
      <CharacterCount value={value} min={min} max={max} />
    </span>
  );
}
