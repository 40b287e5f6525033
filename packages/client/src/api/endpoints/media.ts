import type { FindMediaQuery, MediaListResponse, RemoveOrphansResponse } from '@hiwar/domain';
import type { ApiClient } from '../api-client.ts';
import { type CallOptions, signalOf } from './call-options.ts';
import { parseResponse } from './parse-response.ts';

/** The stored files (`/media` in the back office). */
export const MEDIA_PATHS = {
  list: '/api/v1/media/list',
  orphans: '/api/v1/media/orphans',
} as const;

/** Filters of the files list: page, size, kind, owner, Cairo dates, orphaned only, order. */
export type FindMediaParams = FindMediaQuery;

/** `GET /api/v1/media/list` (SuperAdmin, RegularAdmin): a page of stored files. */
export async function findMedia(
  client: ApiClient,
  query: FindMediaParams = {},
  options?: CallOptions,
): Promise<MediaListResponse> {
  const answer = await client.get<unknown>(MEDIA_PATHS.list, { query: { ...query }, ...signalOf(options) });
  return parseResponse((contract) => contract.MediaListResponseSchema, answer, 'GET /media/list');
}

/** `DELETE /api/v1/media/orphans` (SuperAdmin): removes orphans older than an hour. */
export async function removeOrphanedMedia(
  client: ApiClient,
  options?: CallOptions,
): Promise<RemoveOrphansResponse> {
  const answer = await client.delete<unknown>(MEDIA_PATHS.orphans, signalOf(options));
  return parseResponse((contract) => contract.RemoveOrphansResponseSchema, answer, 'DELETE /media/orphans');
}

/**
 * A private file (a receipt, a report's screenshot) as a Blob: its route needs the bearer token, so an
 * `<img src>` to it cannot load it. Absolute URLs are reduced to their path (the client adds the origin).
 */
export async function fetchPrivateFile(client: ApiClient, url: string, options?: CallOptions): Promise<Blob> {
  const path = url.startsWith('/') ? url : new URL(url).pathname;
  return client.get<Blob>(path, { responseType: 'blob', ...signalOf(options) });
}

/**
 * Saves a private file (a chat PDF, a lesson note's file) under `fileName`: fetched with the token
 * (`fetchPrivateFile`), then handed to the browser through a temporary link. Rejects as the fetch does.
 */
export async function downloadPrivateFile(client: ApiClient, url: string, fileName: string): Promise<void> {
  const href = URL.createObjectURL(await fetchPrivateFile(client, url));
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the object URL after `click()` returns: it is released a minute later.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
