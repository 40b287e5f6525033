import { LEAD_SOURCES, type LeadSource } from '@hiwar/domain';

/** localStorage key of the marketing link a visitor came through. */
export const LEAD_SOURCE_KEY = 'lead-source';
/** How long a visit through a link still counts for a later sign-up. */
const KEPT_FOR_MS = 30 * 24 * 60 * 60 * 1000;

const isLeadSource = (value: unknown): value is LeadSource =>
  typeof value === 'string' && (LEAD_SOURCES as readonly string[]).includes(value);

/**
 * Keeps the `?source=` the landing site's `/url/{name}` links add to the sign-up address, so it
 * survives the visitor wandering off (to the pricing page, say) before registering. The latest link
 * wins; anything but the six known names is ignored.
 */
export function rememberLeadSource(search: string, now = Date.now()): void {
  const source = new URLSearchParams(search).get('source');
  if (!isLeadSource(source)) {
    return;
  }
  try {
    localStorage.setItem(LEAD_SOURCE_KEY, JSON.stringify({ source, savedAt: now }));
  } catch {
    // Storage refused (privacy mode): the sign-up just goes without a source.
  }
}

/** The source kept from a link followed in the last 30 days, if any. */
export function readLeadSource(now = Date.now()): LeadSource | undefined {
  try {
    const stored = JSON.parse(localStorage.getItem(LEAD_SOURCE_KEY) ?? 'null') as {
      source?: unknown;
      savedAt?: unknown;
    } | null;
    const fresh = typeof stored?.savedAt === 'number' && now - stored.savedAt < KEPT_FOR_MS;
    return fresh && isLeadSource(stored?.source) ? stored.source : undefined;
  } catch {
    return undefined;
  }
}

/** Once the account exists the source is on it; the visit is not counted twice. */
export function forgetLeadSource(): void {
  try {
    localStorage.removeItem(LEAD_SOURCE_KEY);
  } catch {
    // Nothing kept.
  }
}
