import {
  addLocalDays,
  BOUNDS,
  FileKind,
  type FindMediaQuery,
  localDayRange,
  type MediaFile,
  type MediaListResponse,
  type RemoveOrphansResponse,
  SortOrder,
} from '@hiwar/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { StoredFiles } from '../assets/stored-files.ts';
import { screenshotUrl } from '../support/reports.service.ts';
import { countRemovableOrphans, deleteOrphanRows, findMediaRows, type MediaRow } from './media.repository.ts';

/** Orphans removed per call: the bytes go one by one (S3 requests), so a call stays short. */
export const ORPHANS_PER_RUN = 500;

type Deps = {
  db: Database;
  files: StoredFiles;
  config: Pick<AppConfig, 'publicUrls'>;
  log: FastifyBaseLogger;
};

/**
 * The stored files for staff (`/media`): what is stored, whose, what uses it; and the removal of
 * orphans (files nothing references, older than an hour) from the table and the file store.
 */
export function createMediaService(deps: Deps) {
  const { db, files } = deps;

  /** Where staff open the file: public uploads directly, private files through their routes. */
  const urlOf = (row: MediaRow) => {
    switch (row.kind) {
      case FileKind.Receipt:
        return files.receiptUrl(row.name);
      case FileKind.Report:
        return screenshotUrl(deps.config.publicUrls.web, row.name);
      case FileKind.Chat:
        return files.chatAttachmentUrl(row.name);
      case FileKind.Note:
        return files.lessonNoteFileUrl(row.name);
      default:
        return files.uploadUrl(row.name);
    }
  };

  const toMediaFile = (row: MediaRow): MediaFile => ({
    id: row.id,
    name: row.name,
    kind: row.kind,
    mime: row.mime,
    size: row.size,
    createdAt: row.createdAt.toISOString(),
    owner: row.owner,
    uses: row.uses,
    orphaned: row.uses.length === 0,
    url: urlOf(row),
  });

  return {
    /** `GET /api/v1/media/list` (the parsed query): a page of files, and how many orphans could go now. */
    async findMedia(query: FindMediaQuery = {}): Promise<MediaListResponse> {
      const { kind, ownerId, from, to, orphaned } = query;
      const page = query.page ?? 1;
      const size = query.size ?? BOUNDS.pageSize.default;
      const order = query.order ?? SortOrder.Desc;
      const [{ rows, total }, removableOrphans] = await Promise.all([
        findMediaRows(
          db,
          {
            kind,
            ownerId,
            orphaned,
            since: from ? localDayRange(from).start : undefined,
            before: to ? localDayRange(addLocalDays(to, 1)).start : undefined,
          },
          { page, size, order },
        ),
        countRemovableOrphans(db),
      ]);
      return { list: rows.map(toMediaFile), total, removableOrphans };
    },

    /**
     * `DELETE /api/v1/media/orphans`: up to `ORPHANS_PER_RUN` orphans older than an hour leave the
     * table, then the file store (a file whose bytes fail to go is logged; its row is gone already).
     */
    async removeOrphans(): Promise<RemoveOrphansResponse> {
      const removed = await deleteOrphanRows(db, ORPHANS_PER_RUN);
      for (const file of removed) {
        await files.discard(file.name).catch((error: unknown) => {
          deps.log.warn({ err: error, file: file.name }, 'orphan file bytes not removed');
        });
      }
      if (removed.length > 0) {
        deps.log.info({ removed: removed.length }, 'orphaned files removed');
      }
      return {
        removed: removed.length,
        bytes: removed.reduce((sum, file) => sum + file.size, 0),
        more: removed.length === ORPHANS_PER_RUN && (await countRemovableOrphans(db)) > 0,
      };
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
