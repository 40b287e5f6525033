import { useStaffUserSearch, useUser } from '@hiwar/client';
import type { Role, User } from '@hiwar/domain';
import { Avatar, adminLessonsMessages, cn, fieldControlClassName } from '@hiwar/ui';
import { X } from 'lucide-react';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { displayName } from '../lib/labels.ts';
import { useDebouncedValue } from '../lib/use-debounced-value.ts';
import { SEARCH_FIELD_DEBOUNCE_MS } from './search-field.tsx';

const text = adminLessonsMessages.filters;

export interface UserPickerProps {
  label: string;
  placeholder: string;
  /** Whom the suggestions list: one users-list request per role. */
  roles: readonly Role[];
  /** The chosen user's id (from the address bar), or none. */
  value: number | undefined;
  onChange: (id: number | undefined) => void;
}

/** The chosen person: their name (fetched by id after a reload) and a button that removes the choice. */
function Chosen({ labelId, id, onClear }: { labelId: string; id: number; onClear: () => void }) {
  const user = useUser(id);
  const name = user.data ? displayName(user.data) : user.isError ? text.unknownUser(id) : '…';
  return (
    // A fieldset would bring its own legend and border; the group role names the choice by its label.
    // biome-ignore lint/a11y/useSemanticElements: see above.
    <div
      role="group"
      aria-labelledby={labelId}
      className={cn(fieldControlClassName, 'flex h-11 items-center justify-between gap-2 bg-brand-soft/40')}
    >
      <span className="flex min-w-0 items-center gap-2">
        <span aria-hidden="true" className="flex shrink-0">
          <Avatar decorative name={name} src={user.data?.image ?? null} size="sm" />
        </span>
        <span className="truncate font-semibold" aria-live="polite">
          <bdi dir="auto">{name}</bdi>
        </span>
      </span>
      <button
        type="button"
        onClick={onClear}
        aria-label={text.clearChoice(name)}
        className="inline-flex size-7 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-surface-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-brand"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}

/**
 * A searchable choice of one user by name over the staff users list: type, then pick a suggestion with
 * the mouse or the arrow keys and Enter (an ARIA combobox with a listbox).
 */
export function UserPicker({ label, placeholder, roles, value, onChange }: UserPickerProps) {
  const id = useId();
  const listId = `${id}-list`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const debounced = useDebouncedValue(query, SEARCH_FIELD_DEBOUNCE_MS);
  const results = useStaffUserSearch(debounced, roles);
  const options: User[] = debounced.trim() ? (results.data ?? []) : [];
  const showList = open && query.trim().length > 0;

  const choose = (user: User) => {
    onChange(user.id);
    setQuery('');
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (options.length > 0) {
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((current) => (current + step + options.length) % options.length);
      }
    } else if (event.key === 'Enter' && showList) {
      event.preventDefault();
      const option = options[active];
      if (option) {
        choose(option);
      }
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };

  return (
    <div className="flex flex-col gap-1.5">
      <label
        id={`${id}-label`}
        htmlFor={value === undefined ? id : undefined}
        className="text-sm font-semibold text-foreground"
      >
        {label}
      </label>
      {value !== undefined ? (
        <Chosen
          labelId={`${id}-label`}
          id={value}
          onClear={() => {
            onChange(undefined);
            requestAnimationFrame(() => inputRef.current?.focus());
          }}
        />
      ) : (
        <div className="relative">
          <input
            ref={inputRef}
            id={id}
            type="text"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={showList}
            aria-controls={listId}
            aria-activedescendant={
              showList && options[active] ? `${id}-option-${options[active].id}` : undefined
            }
            placeholder={placeholder}
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setActive(0);
              setOpen(true);
            }}
            onFocus={() => setOpen(true)}
            onBlur={() => setOpen(false)}
            onKeyDown={onKeyDown}
            className={cn(fieldControlClassName, 'h-11')}
          />
          {showList ? (
            <div className="absolute inset-x-0 top-full z-20 mt-1 overflow-hidden rounded-xl border border-border bg-card shadow-lg">
              {results.isError ? (
                <p role="status" className="px-3 py-2.5 text-sm text-danger">
                  {text.searchFailed}
                </p>
              ) : options.length === 0 ? (
                <p role="status" className="px-3 py-2.5 text-sm text-muted-foreground">
                  {results.isFetching || debounced !== query ? text.searching : text.noResults}
                </p>
              ) : null}
              <div
                id={listId}
                role="listbox"
                aria-label={text.results(label)}
                className="max-h-64 overflow-y-auto"
              >
                {options.map((user, index) => {
                  const name = displayName(user);
                  return (
                    // The keys are the field's (aria-activedescendant), so the option itself takes none.
                    // biome-ignore lint/a11y/useKeyWithClickEvents: see above.
                    <div
                      key={user.id}
                      id={`${id}-option-${user.id}`}
                      role="option"
                      tabIndex={-1}
                      aria-selected={index === active}
                      // Keeps the focus in the field, so the blur does not close the list before the click.
                      onMouseDown={(event) => event.preventDefault()}
                      onClick={() => choose(user)}
                      onMouseEnter={() => setActive(index)}
                      className={cn(
                        'flex cursor-pointer items-center gap-2.5 px-3 py-2 text-sm',
                        index === active && 'bg-surface-muted',
                      )}
                    >
                      <span aria-hidden="true" className="flex shrink-0">
                        <Avatar decorative name={name} src={user.image} size="sm" />
                      </span>
                      <span className="flex min-w-0 flex-col">
                        <span className="truncate font-semibold">
                          <bdi dir="auto">{name}</bdi>
                        </span>
                        <span className="truncate text-xs text-muted-foreground" dir="ltr">
                          {user.email}
                        </span>
                      </span>
                    </div>
                  );
                })}
              </div>
            </div>
          ) : null}
        </div>
      )}
    </div>
  );
}
