import { GOVERNORATES, Governorate, ROLES, type Role } from '@hiwar/domain';
import { adminUsersMessages, Button, Input, Select, type SelectOption } from '@hiwar/ui';
import { Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { governorateLabel } from '../../../lib/governorate-label.ts';
import { roleLabel } from '../../../lib/labels.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import type { UserListParams, UserListPatch } from '../hooks/use-user-list-params.ts';

const text = adminUsersMessages.users;
/** Long enough to skip the keystrokes of a word, short enough to feel live. */
export const SEARCH_DEBOUNCE_MS = 300;
const ALL = 'all';

/** 28 repeats 27 in the spec (both read المنوفية); like the web app's pickers, only 27 is offered. */
const cityOptions: SelectOption[] = [
  { value: ALL, label: text.allCities },
  ...GOVERNORATES.filter((city) => city !== Governorate.Minufiya).map((city) => ({
    value: String(city),
    label: governorateLabel(city),
  })),
];
const verifiedOptions: SelectOption[] = [
  { value: ALL, label: text.anyVerification },
  { value: 'true', label: text.verifiedOnly },
  { value: 'false', label: text.unverifiedOnly },
];

export interface UsersToolbarProps {
  params: UserListParams;
  onChange: (patch: UserListPatch, options?: { replace?: boolean }) => void;
  hasFilters: boolean;
  /**
   * TutorManagers list only the tutors within their reach (decision 0045: those they interview and
   * those awaiting an interviewer), all of role Tutor: no role filter is offered.
   */
  tutorsOnly: boolean;
}

/** Search (debounced, as you type) and the role, e-mail verification and governorate filters. */
export function UsersToolbar({ params, onChange, hasFilters, tutorsOnly }: UsersToolbarProps) {
  const searchId = useId();
  const [searchText, setSearchText] = useState(params.search);
  const debounced = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  // The search last written to the address bar, to tell our own updates from back/forward or "clear".
  const lastSearch = useRef(params.search);

  useEffect(() => {
    if (params.search !== lastSearch.current) {
      lastSearch.current = params.search;
      setSearchText(params.search);
    }
  }, [params.search]);

  useEffect(() => {
    const value = debounced.trim();
    if (value !== lastSearch.current) {
      lastSearch.current = value;
      onChange({ search: value }, { replace: true });
    }
  }, [debounced, onChange]);

  const roleOptions: SelectOption[] = [
    { value: ALL, label: text.allRoles },
    ...ROLES.map((role) => ({ value: String(role), label: roleLabel(role) })),
  ];

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is recent and unknown to the test DOM; the role means the same.
    <div
      role="search"
      aria-label={text.toolbar}
      className="flex flex-col gap-3 lg:flex-row lg:flex-wrap lg:items-center"
    >
      <div className="relative lg:w-80">
        <label htmlFor={searchId} className="sr-only">
          {text.search}
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 start-3 my-auto size-4 text-muted-foreground"
        />
        <Input
          id={searchId}
          type="search"
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          placeholder={text.searchPlaceholder}
          autoComplete="off"
          spellCheck={false}
          className="ps-9 pe-9 [&::-webkit-search-cancel-button]:appearance-none"
        />
        {searchText ? (
          <button
            type="button"
            aria-label={text.clearSearch}
            onClick={() => setSearchText('')}
            className="absolute inset-y-0 end-1.5 my-auto inline-flex size-8 items-center justify-center rounded-lg text-muted-foreground hover:bg-surface-muted hover:text-foreground"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        ) : null}
      </div>

      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-center">
        {tutorsOnly ? null : (
          <Select
            aria-label={text.role}
            options={roleOptions}
            value={params.role === undefined ? ALL : String(params.role)}
            onValueChange={(value) => onChange({ role: value === ALL ? undefined : (Number(value) as Role) })}
            className="sm:w-40"
          />
        )}
        <Select
          aria-label={text.verification}
          options={verifiedOptions}
          value={params.verified === undefined ? ALL : String(params.verified)}
          onValueChange={(value) => onChange({ verified: value === ALL ? undefined : value === 'true' })}
          className="sm:w-36"
        />
        <Select
          aria-label={text.city}
          options={cityOptions}
          value={params.city === undefined ? ALL : String(params.city)}
          onValueChange={(value) =>
            onChange({ city: value === ALL ? undefined : (Number(value) as UserListParams['city']) })
          }
          className="sm:w-44"
        />
        {hasFilters ? (
          <Button
            variant="ghost"
            className="h-11"
            onClick={() => onChange({ search: '', role: undefined, verified: undefined, city: undefined })}
          >
            <X aria-hidden="true" />
            {text.clearFilters}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
