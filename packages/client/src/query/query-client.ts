import { BOUNDS } from '@hiwar/domain';
import { QueryClient, type QueryClientConfig } from '@tanstack/react-query';
import { readJson } from '../storage/safe-storage.ts';

/** Browser storage key holding a page-size override (spec §7). */
export const PAGE_SIZE_STORAGE_KEY = 'config::page-size';

/**
 * The app's QueryClient: data queries retry once (spec §7 "Default data-query retry is 1"); mutations never
 * retry, because repeating a booking, payment or message after an ambiguous failure could do it twice.
 * `config` is merged over these defaults.
 */
export function createQueryClient(config: QueryClientConfig = {}): QueryClient {
  return new QueryClient({
    ...config,
    defaultOptions: {
      ...config.defaultOptions,
      queries: { retry: 1, ...config.defaultOptions?.queries },
      mutations: { retry: false, ...config.defaultOptions?.mutations },
    },
  });
}

/**
 * Page size for paged lists: a positive whole number stored under `config::page-size` (as JSON number or
 * numeric string) overrides the default of 10; it is capped at the server's maximum so a stale override
 * cannot make every list request fail validation. Anything else falls back to the default.
 */
export function getPageSize(): number {
  const { default: fallback, max } = BOUNDS.pageSize;
  const stored = readJson(PAGE_SIZE_STORAGE_KEY);
  const value = typeof stored === 'string' && stored.trim() !== '' ? Number(stored) : stored;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    return fallback;
  }
  return Math.min(value, max);
}
