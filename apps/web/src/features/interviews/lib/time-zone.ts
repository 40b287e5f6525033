import { useSession } from '@hiwar/client';
import { DEFAULT_TIME_ZONE } from '@hiwar/ui';

function isTimeZone(value: string | null | undefined): value is string {
  if (!value) {
    return false;
  }
  try {
    new Intl.DateTimeFormat('ar-EG', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The signed-in user's IANA time zone (their profile's), Cairo when unknown or invalid. */
export function useUserTimeZone(): string {
  const { user } = useSession();
  return isTimeZone(user?.timezone) ? user.timezone : DEFAULT_TIME_ZONE;
}

/** The zone as people say it in Arabic ("توقيت مصر"). */
export function timeZoneName(timeZone: string, at: Date = new Date()): string {
  return (
    new Intl.DateTimeFormat('ar-EG', { timeZone, timeZoneName: 'shortGeneric' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value ?? timeZone
  );
}
