import { cn, Input } from '@hiwar/ui';
import { Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useDebouncedValue } from '../lib/use-debounced-value.ts';

/** Long enough to skip the keystrokes of a word, short enough to feel live. */
export const SEARCH_FIELD_DEBOUNCE_MS = 300;

export interface SearchFieldProps {
  /** The accessible name (the field shows `placeholder`). */
  label: string;
  placeholder: string;
  clearLabel: string;
  /** The search in force; a change from outside (clear filters) is shown. */
  value: string;
  /** Called with the trimmed text once typing pauses. */
  onSearch: (value: string) => void;
  className?: string;
}

/** A search box that reports its text as you type, debounced, with a clear button. */
export function SearchField({
  label,
  placeholder,
  clearLabel,
  value,
  onSearch,
  className,
}: SearchFieldProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const debounced = useDebouncedValue(text, SEARCH_FIELD_DEBOUNCE_MS);
  const last = useRef(value);

  useEffect(() => {
    if (value !== last.current) {
      last.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    const next = debounced.trim();
    if (next !== last.current) {
      last.current = next;
      onSearch(next);
    }
  }, [debounced, onSearch]);

  return (
    <div className={cn('relative', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 start-3 my-auto size-4 text-muted-foreground"
      />
      <Input
        id={id}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        className="ps-9 pe-9 [&::-webkit-search-cancel-button]:appearance-none"
      />
      {text ? (
        <button
          type="button"
          aria-label={clearLabel}
          onClick={() => setText('')}
          className="absolute inset-y-0 end-1.5 my-auto inline-flex size-8 items-center justify-center rounded-lg text-muted-foreground hover:bg-surface-muted hover:text-foreground"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      ) : null}
    </div>
  );
}
