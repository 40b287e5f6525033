import { isApiError, useReplaceUserTopics, useTopics, useUserTopics } from '@hiwar/client';
import { BOUNDS } from '@hiwar/domain';
import {
  Alert,
  Button,
  cn,
  errorMessage,
  genericErrorMessage,
  Input,
  lessonsMessages,
  messages,
  Skeleton,
  useToast,
} from '@hiwar/ui';
import { Check, Search } from 'lucide-react';
import { useId, useMemo, useState } from 'react';

const text = lessonsMessages.favouriteTopics;
const MAX = BOUNDS.topicsPerUser.max;

/**
 * A student's favourite topics (spec §2 "Student settings"): toggle topics of the catalogue, at most 30,
 * then save them at once (`PATCH /api/v1/topic/of/user`).
 */
export function FavouriteTopicsForm() {
  const topics = useTopics();
  const mine = useUserTopics();
  if (topics.isPending || mine.isPending) {
    return (
      <div className="flex flex-wrap gap-2" aria-busy="true">
        {[0, 1, 2, 3, 4].map((key) => (
          <Skeleton key={key} className="h-9 w-24 rounded-full" />
        ))}
      </div>
    );
  }
  if (topics.isError || mine.isError) {
    return (
      <Alert
        tone="danger"
        title={text.loadFailed}
        action={
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              void topics.refetch();
              void mine.refetch();
            }}
          >
            {messages.common.retry}
          </Button>
        }
      />
    );
  }
  return (
    <TopicsPicker
      key={mine.data.map((topic) => topic.id).join(',')}
      all={topics.data}
      initial={mine.data.map((topic) => topic.id)}
    />
  );
}

function TopicsPicker({
  all,
  initial,
}: {
  all: { id: number; nameAr: string; nameEn: string }[];
  initial: number[];
}) {
  const id = useId();
  const replace = useReplaceUserTopics();
  const { toast } = useToast();
  const [chosen, setChosen] = useState<number[]>(initial);
  const [filter, setFilter] = useState('');
  const full = chosen.length >= MAX;
  const changed = chosen.length !== initial.length || chosen.some((topic) => !initial.includes(topic));
  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return needle === ''
      ? all
      : all.filter((topic) => topic.nameAr.includes(needle) || topic.nameEn.toLowerCase().includes(needle));
  }, [all, filter]);

  const toggle = (topicId: number) => {
    replace.reset();
    setChosen((current) =>
      current.includes(topicId) ? current.filter((item) => item !== topicId) : [...current, topicId],
    );
  };
  const save = () => {
    replace.mutate(
      { topicIds: chosen },
      { onSuccess: () => toast({ id: 'topics-saved', type: 'success', title: text.saved }) },
    );
  };

  if (all.length === 0) {
    return <p className="text-sm text-muted-foreground">{text.empty}</p>;
  }
  return (
    <div className="flex flex-col gap-4">
      <div className="relative">
        <label htmlFor={`${id}-filter`} className="sr-only">
          {text.filter}
        </label>
        <Search
          aria-hidden
          className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id={`${id}-filter`}
          type="search"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          placeholder={text.filter}
          className="ps-9"
          autoComplete="off"
        />
      </div>
      <fieldset className="flex flex-col gap-3">
        <legend className="sr-only">{text.legend}</legend>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {chosen.length === 0 ? text.none : text.count(chosen.length, MAX)}
        </p>
        {shown.length === 0 ? (
          <p className="text-sm text-muted-foreground">{text.noMatch}</p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {shown.map((topic) => {
              const selected = chosen.includes(topic.id);
              return (
                <li key={topic.id}>
                  <button
                    type="button"
                    aria-pressed={selected}
                    disabled={!selected && full}
                    onClick={() => toggle(topic.id)}
                    className={cn(
                      'inline-flex items-center gap-1.5 rounded-full border border-border px-3.5 py-1.5 text-sm font-medium transition-colors',
                      'focus-visible:outline-2 focus-visible:outline-brand enabled:hover:border-brand',
                      'disabled:cursor-not-allowed disabled:opacity-40',
                      selected && 'border-brand bg-brand-soft text-brand',
                    )}
                  >
                    {selected ? <Check aria-hidden className="size-4" /> : null}
                    {topic.nameAr}
                    <span className="text-xs text-muted-foreground" lang="en" dir="ltr">
                      {topic.nameEn}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        {full ? <Alert tone="info">{text.max(MAX)}</Alert> : null}
      </fieldset>
      {replace.isError ? (
        <Alert tone="danger" role="alert">
          {isApiError(replace.error) ? errorMessage(replace.error.code) : genericErrorMessage}
        </Alert>
      ) : null}
      <div className="flex justify-end">
        <Button onClick={save} disabled={!changed} loading={replace.isPending} className="max-sm:w-full">
          {text.save}
        </Button>
      </div>
    </div>
  );
}
