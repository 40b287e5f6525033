import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Database } from '../../db/client.ts';
import {
  deleteFileRow,
  type FileKind,
  type FileRow,
  findFileByName,
  insertFile,
} from './assets.repository.ts';
import { type ByteRange, FILE_NAME_PATTERN, type FileSource, type FileStore } from './file-store.ts';

/**
 * Files as the product sees them: bytes in the `FileStore` plus a `files` row saying what each is
 * and whose, so receipts can be authorised and uploads served with their type.
 */
export type StoredFiles = {
  save(input: {
    kind: FileKind;
    ownerId: number | null;
    extension: string;
    mime: string;
    size: number;
    source: FileSource;
  }): Promise<FileRow>;
  /** Removes a file that is no longer referenced; a missing one is not an error. */
  discard(name: string | null | undefined): Promise<void>;
  find(name: string): Promise<FileRow | null>;
  open(name: string, range?: ByteRange): Promise<Readable | null>;
  /** Public URL of an upload (avatars, videos, thumbnails), served by GET /assets/uploads/{name}. */
  uploadUrl(name: string): string;
  receiptUrl(name: string): string;
  /** Private URL of a chat attachment, served to its room's members by GET /api/v1/chat/attachment/{name}. */
  chatAttachmentUrl(name: string): string;
  /** Private URL of a file on a lesson's note, served by GET /api/v1/lesson/note-file/{name} (decision 0049). */
  lessonNoteFileUrl(name: string): string;
};

export function createStoredFiles(db: Database, store: FileStore, webUrl: string): StoredFiles {
  const base = webUrl.replace(/\/$/, '');
  return {
    async save(input) {
      const name = `${randomBytes(16).toString('hex')}.${input.extension}`;
      await store.put(name, input.source, { contentType: input.mime, size: input.size });
      try {
        return await insertFile(db, {
          name,
          kind: input.kind,
          ownerId: input.ownerId,
          mime: input.mime,
          size: input.size,
        });
      } catch (error) {
        await store.delete(name).catch(() => {});
        throw error;
      }
    },
    async discard(name) {
      if (!name) {
        return;
      }
      await deleteFileRow(db, name);
      await store.delete(name).catch(() => {});
    },
    find: (name) => (FILE_NAME_PATTERN.test(name) ? findFileByName(db, name) : Promise.resolve(null)),
    open: (name, range) => store.get(name, range),
    uploadUrl: (name) => `${base}/assets/uploads/${name}`,
    receiptUrl: (name) => `${base}/assets/receipts/${name}`,
    chatAttachmentUrl: (name) => `${base}/api/v1/chat/attachment/${name}`,
    lessonNoteFileUrl: (name) => `${base}/api/v1/lesson/note-file/${name}`,
  };
}
