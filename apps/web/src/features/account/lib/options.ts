import { BOUNDS, calendarYear, GENDERS, GOVERNORATES, Governorate, MESSAGING_APPS } from '@hiwar/domain';
import { accountMessages, formatNumber, type SelectOption } from '@hiwar/ui';

const text = accountMessages;

/**
 * The governorate choices. The spec numbers Monufia twice (27 and 28); only 27 is offered, unless the
 * user already has 28, so their stored value still shows as chosen.
 */
export function governorateOptions(current?: number | null): SelectOption[] {
  return GOVERNORATES.filter(
    (value) => value !== Governorate.Minufiya || current === Governorate.Minufiya,
  ).map((value) => ({ value: String(value), label: text.governorates[value] }));
}

export function governorateName(value: number | null | undefined): string | null {
  return value !== null && value !== undefined && Object.hasOwn(text.governorates, value)
    ? text.governorates[value as Governorate]
    : null;
}

export const genderOptions: SelectOption[] = GENDERS.map((value) => ({ value, label: text.genders[value] }));

export const messagingAppOptions = MESSAGING_APPS.map((value) => ({
  value: String(value) as `${typeof value}`,
  label: text.messagingApps[value],
}));

/** Birth years the age rule allows (rules.md: age 10–60), newest first, written with Arabic digits. */
export function birthYearOptions(now: Date = new Date()): SelectOption[] {
  const year = calendarYear(now);
  const options: SelectOption[] = [];
  for (let value = year - BOUNDS.age.min; value >= year - BOUNDS.age.max; value -= 1) {
    options.push({ value: String(value), label: formatNumber(value, { useGrouping: false }) });
  }
  return options;
}
