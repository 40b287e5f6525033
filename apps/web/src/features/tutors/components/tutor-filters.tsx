import { useTopics } from '@hiwar/client';
import { AvailableWhen, addLocalDays, GENDERS, TIMES_OF_DAY, TUTOR_SORTS, toLocalDate } from '@hiwar/domain';
import { Button, cn, FieldFrame, fieldControlClassName, formatDate, lessonsMessages } from '@hiwar/ui';
import { SlidersHorizontal, X } from 'lucide-react';
import { type ComponentProps, useId, useMemo, useState } from 'react';
import { hasTutorFilters, type TutorFilters } from '../lib/tutor-filters.ts';

const text = lessonsMessages.tutors.filters;
/** The empty choice stands for "any". */
const ANY = '';
/** Days offered for "free on a day": today and the next two weeks (the default notice). */
const DAYS_AHEAD = 14;

export type TutorFilterChange = <K extends Exclude<keyof TutorFilters, 'search'>>(
  key: K,
  value: TutorFilters[K],
) => void;

/** A local date as a label, read on its own calendar (noon UTC never crosses a date line). */
function dayLabel(date: string): string {
  return formatDate(`${date}T12:00:00Z`, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
}

type Option = { value: string; label: string };

/**
 * One filter as the browser's own select (issue 26): the phone's native picker, nothing to load, and
 * nothing that renders again after hydration (Radix's select registered its options in layout effects,
 * a synchronous re-render of the whole directory on a phone's first load).
 */
function FilterSelect({
  options,
  value,
  onValueChange,
  ...field
}: Omit<ComponentProps<'select'>, 'value' | 'onChange' | 'children' | 'className'> & {
  options: readonly Option[];
  value: string;
  onValueChange: (value: string) => void;
}) {
  return (
    <select
      {...field}
      className={cn(fieldControlClassName, 'h-11')}
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

/**
 * The list's filters (topic, tutor's gender, free on a day, time of day, free today) and sort, as the
 * server's query takes them; the page keeps them in the URL.
 */
export function TutorFiltersBar({
  filters,
  onChange,
  onClear,
}: {
  filters: TutorFilters;
  onChange: TutorFilterChange;
  onClear: () => void;
}) {
  const topics = useTopics();
  const id = useId();
  // Phones show the filters on demand; wider screens always.
  const [shown, setShown] = useState(false);
  const active = hasTutorFilters(filters);
  const days = useMemo(() => {
    const today = toLocalDate(new Date());
    return Array.from({ length: DAYS_AHEAD }, (_, index) => addLocalDays(today, index));
  }, []);

  const topicOptions = [
    { value: ANY, label: text.anyTopic },
    ...(topics.data ?? []).map((topic) => ({ value: String(topic.id), label: topic.nameAr })),
  ];
  const dayOptions = [
    { value: ANY, label: text.anyDay },
    ...days.map((day, index) => ({
      value: day,
      label:
        index === 0 ? text.today(dayLabel(day)) : index === 1 ? text.tomorrow(dayLabel(day)) : dayLabel(day),
    })),
  ];
  // A shared link may name a day outside the offered ones: keep it selectable.
  if (filters.day !== null && !days.includes(filters.day)) {
    dayOptions.push({ value: filters.day, label: dayLabel(filters.day) });
  }

  return (
    <div className="flex flex-col gap-3">
      <Button
        variant="secondary"
        className="self-start sm:hidden"
        aria-expanded={shown}
        aria-controls={`${id}-filters`}
        onClick={() => setShown(!shown)}
      >
        <SlidersHorizontal aria-hidden />
        {active ? text.toggleActive : text.toggle}
      </Button>
      <fieldset
        id={`${id}-filters`}
        className={cn('grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6', !shown && 'max-sm:hidden')}
      >
        <legend className="sr-only">{text.label}</legend>
        <FieldFrame label={text.topic}>
          <FilterSelect
            options={topicOptions}
            value={filters.topics.length > 0 ? String(filters.topics[0]) : ANY}
            onValueChange={(value) => onChange('topics', value === ANY ? [] : [Number(value)])}
          />
        </FieldFrame>
        <FieldFrame label={text.gender}>
          <FilterSelect
            options={[
              { value: ANY, label: text.anyGender },
              ...GENDERS.map((gender) => ({ value: gender, label: text.genders[gender] })),
            ]}
            value={filters.gender ?? ANY}
            onValueChange={(value) =>
              onChange('gender', value === ANY ? null : (value as NonNullable<TutorFilters['gender']>))
            }
          />
        </FieldFrame>
        <FieldFrame label={text.day}>
          <FilterSelect
            options={dayOptions}
            value={filters.day ?? ANY}
            onValueChange={(value) => onChange('day', value === ANY ? null : value)}
          />
        </FieldFrame>
        <FieldFrame label={text.time}>
          <FilterSelect
            options={[
              { value: ANY, label: text.anyTime },
              ...TIMES_OF_DAY.map((time) => ({ value: time, label: text.times[time] })),
            ]}
            value={filters.time ?? ANY}
            onValueChange={(value) =>
              onChange('time', value === ANY ? null : (value as NonNullable<TutorFilters['time']>))
            }
          />
        </FieldFrame>
        {/* The browser's own checkbox: "today" is the server's Cairo day at each request. */}
        <label className="flex h-11 cursor-pointer items-center gap-2 self-end rounded-xl border border-border px-3 text-sm font-medium">
          <input
            type="checkbox"
            checked={filters.available === AvailableWhen.Today}
            onChange={(event) => onChange('available', event.target.checked ? AvailableWhen.Today : null)}
            className="size-4 rounded accent-brand"
          />
          {text.availableToday}
        </label>
        <FieldFrame label={text.sort}>
          <FilterSelect
            options={TUTOR_SORTS.map((sort) => ({ value: sort, label: text.sorts[sort] }))}
            value={filters.sort}
            onValueChange={(value) => onChange('sort', value as TutorFilters['sort'])}
          />
        </FieldFrame>
      </fieldset>
      {active ? (
        <Button size="sm" variant="ghost" className="self-start" onClick={onClear}>
          <X aria-hidden />
          {text.clear}
        </Button>
      ) : null}
    </div>
  );
}
