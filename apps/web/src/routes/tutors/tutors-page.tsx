import { useInfiniteTutors } from '@hiwar/client';
import {
  Button,
  EmptyState,
  Input,
  lessonsMessages,
  messages,
  PageContainer,
  PageHeader,
  Skeleton,
  useHydrated,
} from '@hiwar/ui';
import { CloudOff, Search, UserSearch } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { TutorCard } from '../../features/tutors/components/tutor-card.tsx';
import { type TutorFilterChange, TutorFiltersBar } from '../../features/tutors/components/tutor-filters.tsx';
import {
  FILTER_PARAMS,
  hasTutorFilters,
  readTutorFilters,
  tutorsQueryOf,
  withoutTutorFilters,
  withTutorFilter,
} from '../../features/tutors/lib/tutor-filters.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';

const text = lessonsMessages.tutors;
const SEARCH_PARAM = FILTER_PARAMS.search;

/**
 * The search box. The server sends the page as HTML (issue 26): the box waits for the app, so that
 * nothing typed before it took the page over is lost. A component of its own, so that turning it on
 * after hydration re-renders the box alone (that render is synchronous), not the whole list.
 */
function SearchInput({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const usable = useHydrated();
  return (
    <Input
      id="tutor-search"
      type="search"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      placeholder={text.searchPlaceholder}
      className="ps-9"
      autoComplete="off"
      disabled={!usable}
    />
  );
}

/**
 * `/tutors` (public): every listed tutor as a card, best rated first, loaded page after page; the
 * search box (debounced) and the filters (topic, gender, free on a day, time of day, sort) are kept in
 * the URL, so a search can be shared and survives reload.
 */
export function TutorsPage() {
  const [params, setParams] = useSearchParams();
  const filters = readTutorFilters(params);
  const urlSearch = filters.search;
  const [input, setInput] = useState(urlSearch);
  const debounced = useDebouncedValue(input.trim(), 350);

  // Typing settles into the URL (replacing the entry, so Back leaves the page instead of each letter).
  useEffect(() => {
    if (debounced === urlSearch) {
      return;
    }
    const next = new URLSearchParams(params);
    if (debounced === '') {
      next.delete(SEARCH_PARAM);
    } else {
      next.set(SEARCH_PARAM, debounced);
    }
    setParams(next, { replace: true });
  }, [debounced, urlSearch, params, setParams]);

  const tutors = useInfiniteTutors(tutorsQueryOf(filters));
  const filtered = hasTutorFilters(filters);

  const changeFilter: TutorFilterChange = (key, value) => {
    setParams(withTutorFilter(params, key, value), { replace: true });
  };
  const clearFilters = () => {
    setParams(withoutTutorFilters(params), { replace: true });
  };
  const clear = () => {
    setInput('');
    clearFilters();
  };

  return (
    <PageContainer className="py-8 sm:py-12">
      <div className="mx-auto flex max-w-4xl flex-col gap-6">
        <PageHeader title={text.title} description={text.subtitle} className="pb-0" />
        <search className="relative">
          <label htmlFor="tutor-search" className="sr-only">
            {text.searchLabel}
          </label>
          <Search
            aria-hidden
            className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <SearchInput value={input} onChange={setInput} />
        </search>
        <TutorFiltersBar filters={filters} onChange={changeFilter} onClear={clearFilters} />
        <section aria-label={text.listLabel} aria-busy={tutors.isFetching} className="flex flex-col gap-4">
          {tutors.isLoading ? (
            [0, 1, 2].map((key) => <Skeleton key={key} className="h-40 w-full rounded-2xl" />)
          ) : tutors.isError && tutors.list.length === 0 ? (
            <EmptyState
              icon={<CloudOff />}
              title={text.loadFailed}
              description={messages.common.networkError}
              action={<Button onClick={() => void tutors.refetch()}>{messages.common.retry}</Button>}
            />
          ) : tutors.list.length === 0 ? (
            <EmptyState
              icon={<UserSearch />}
              title={text.empty}
              description={filtered ? text.filters.emptyText : text.emptyText}
              action={
                urlSearch !== '' || filtered ? (
                  <Button variant="secondary" onClick={clear}>
                    {text.clearSearch}
                  </Button>
                ) : undefined
              }
            />
          ) : (
            <>
              <ul className="flex flex-col gap-4">
                {tutors.list.map((tutor) => (
                  <TutorCard key={tutor.id} tutor={tutor} />
                ))}
              </ul>
              <div className="flex flex-col items-center gap-2 pt-2">
                <p className="text-sm text-muted-foreground" aria-live="polite">
                  {text.shown(tutors.list.length, tutors.total)}
                </p>
                {tutors.hasNextPage ? (
                  <Button
                    variant="secondary"
                    loading={tutors.isFetchingNextPage}
                    onClick={() => void tutors.fetchNextPage()}
                  >
                    {text.loadMore}
                  </Button>
                ) : null}
              </div>
            </>
          )}
        </section>
      </div>
    </PageContainer>
  );
}
