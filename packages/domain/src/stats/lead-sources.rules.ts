import { LEAD_SOURCES, type LeadSource } from '../enums/user.enums.ts';

/**
 * Marketing links the landing site does not know (issue 27): `/url/{name}` with a name other than the
 * six lead sources still takes the visitor to the web app's home page, and the visit is counted for
 * staff (the back office's dashboard), by name and Cairo day. What a stranger can make the database
 * keep is bounded: names are short and plain, a new name is recorded only while the day has room for
 * one, an address's visits are counted only so often, and old days are dropped.
 */
export const UNKNOWN_LEAD_SOURCE_LIMITS = {
  /** Longest name recorded (longer ones still go home, uncounted). */
  nameMax: 32,
  /** Different names recorded per Cairo day; a visit to a name the day already has is always counted. */
  namesPerDay: 50,
  /** Visits one address may have counted per minute (the landing server's memory, per instance). */
  visitsPerMinute: 10,
  /** Visits counted per minute from every address together (per instance): the database's writes. */
  allVisitsPerMinute: 600,
  /** Days kept; older ones are deleted as new names arrive. */
  keepDays: 400,
} as const;

/** What a recorded name is made of, after lower-casing: Latin letters, digits, `-` and `_`. */
export const UNKNOWN_LEAD_SOURCE_NAME = /^[a-z0-9_-]+$/;

/** `raw` as the known lead source it names, any case (`SFB` → `sfb`), or null. */
export function knownLeadSource(raw: string): LeadSource | null {
  const name = raw.toLowerCase();
  return LEAD_SOURCES.find((source) => source === name) ?? null;
}

/**
 * The name an unknown `/url/{name}` link is counted under: lower-cased, 1–32 Latin letters, digits,
 * `-` or `_`. Null for a known lead source (in any case) and for anything else, which is not recorded.
 */
export function unknownLeadSourceName(raw: string): string | null {
  const name = raw.toLowerCase();
  if (
    name.length === 0 ||
    name.length > UNKNOWN_LEAD_SOURCE_LIMITS.nameMax ||
    !UNKNOWN_LEAD_SOURCE_NAME.test(name) ||
    knownLeadSource(name) !== null
  ) {
    return null;
  }
  return name;
}
