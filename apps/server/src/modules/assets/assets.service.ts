import { AppError, isTutorLike, Role, type UploadImageWidth, type UserWithTutor } from '@hiwar/domain';
import { forbidden, isAdmin } from '../../core/auth.ts';
import type { Database } from '../../db/client.ts';
import { profileChanged } from '../tutors/tutor-listing.ts';
import type { TutorsCache } from '../tutors/tutors-cache.ts';
import {
  ensureTutor,
  findSampleTutor,
  findTutor,
  type TutorPatch,
  type UserRow,
  updateTutorRow,
  updateUserRow,
} from '../users/users.repository.ts';
import { getUserRow, loadUserWithTutor } from '../users/users.service.ts';
import type { FileRow } from './assets.repository.ts';
import type { ByteRange } from './file-store.ts';
import { type ImageVariants, readAll } from './image-variants.ts';
import { AVATAR, type ImageRule, processImage, RECEIPT, THUMBNAIL } from './media.ts';
import type { StoredFiles } from './stored-files.ts';
import type { UploadedImage, UploadedVideo } from './uploads.ts';

export type AssetsDeps = { db: Database; files: StoredFiles; tutorsCache?: TutorsCache };

export type TutorMedia = { image?: UploadedImage; video?: UploadedVideo; thumbnail?: UploadedImage };

/**
 * Who may change another user's media (rules.md photo sessions): admins for anyone; a Studio member
 * for the tutors assigned to them (`tutors.studio_id`), nobody else's.
 */
async function mayManageMediaOf(db: Database, caller: UserRow, target: UserRow): Promise<boolean> {
  if (isAdmin(caller)) {
    return true;
  }
  if (caller.role !== Role.Studio || !isTutorLike(target.role as Role)) {
    return false;
  }
  return (await findTutor(db, target.id))?.studioId === caller.id;
}

export function createAssetsService(deps: AssetsDeps) {
  const { db, files } = deps;

  const saveImage = async (upload: UploadedImage, rule: ImageRule, ownerId: number) => {
    const image = await processImage(upload.buffer, rule);
    const row = await files.save({
      kind: 'upload',
      ownerId,
      extension: image.extension,
      mime: image.mime,
      size: image.buffer.length,
      source: { buffer: image.buffer },
    });
    return row.name;
  };

  const targetOf = async (caller: UserRow, id: number | undefined) => {
    if (id === undefined || id === caller.id) {
      return caller;
    }
    if (!isAdmin(caller) && caller.role !== Role.Studio) {
      throw forbidden();
    }
    const target = await getUserRow(db, id);
    if (!(await mayManageMediaOf(db, caller, target))) {
      throw forbidden();
    }
    return target;
  };

  return {
    /** A new avatar for the caller, or for `forUser` (admins; Studio for tutors). The old one is deleted. */
    async uploadAvatar(
      caller: UserRow,
      forUser: number | undefined,
      image: UploadedImage,
    ): Promise<UserWithTutor> {
      const target = await targetOf(caller, forUser);
      const name = await saveImage(image, AVATAR, target.id);
      const user = await updateUserRow(db, target.id, { image: name }).catch(async (error: unknown) => {
        await files.discard(name);
        throw error;
      });
      await files.discard(target.image);
      await profileChanged(deps.tutorsCache, target);
      return loadUserWithTutor(db, files, user);
    },

    /**
     * A tutor's photo-session media: avatar (`image`), intro `video`, `thumbnail`, any of them. For the
     * caller (a Tutor or TutorManager) or `tutorId` (admins, Studio). Replaced files are deleted.
     */
    async uploadTutorMedia(
      caller: UserRow,
      tutorId: number | undefined,
      media: TutorMedia,
    ): Promise<UserWithTutor> {
      const target = await targetOf(caller, tutorId);
      if (!isTutorLike(target.role as Role)) {
        throw target.id === caller.id ? forbidden() : new AppError('tutor-not-found');
      }
      const before = await ensureTutor(db, target.id);
      const saved: string[] = [];
      try {
        const image = media.image ? await saveImage(media.image, AVATAR, target.id) : undefined;
        if (image) {
          saved.push(image);
        }
        const thumbnail = media.thumbnail
          ? await saveImage(media.thumbnail, THUMBNAIL, target.id)
          : undefined;
        if (thumbnail) {
          saved.push(thumbnail);
        }
        let video: string | undefined;
        if (media.video) {
          const row: FileRow = await files.save({
            kind: 'upload',
            ownerId: target.id,
            extension: media.video.type.extension,
            mime: media.video.type.mime,
            size: media.video.size,
            source: { path: media.video.path },
          });
          video = row.name;
          saved.push(video);
        }
        const user = await db.transaction(async (tx) => {
          const user = image
            ? await updateUserRow(tx, target.id, { image })
            : await getUserRow(tx, target.id);
          const patch: TutorPatch = {};
          if (video) {
            patch.video = video;
          }
          if (thumbnail) {
            patch.thumbnail = thumbnail;
          }
          if (Object.keys(patch).length > 0) {
            await updateTutorRow(tx, target.id, patch);
          }
          return user;
        });
        await Promise.all([
          image ? files.discard(target.image) : null,
          video ? files.discard(before.video) : null,
          thumbnail ? files.discard(before.thumbnail) : null,
        ]);
        await profileChanged(deps.tutorsCache, target);
        return loadUserWithTutor(db, files, user);
      } catch (error) {
        await Promise.all(saved.map((name) => files.discard(name)));
        throw error;
      }
    },

    /** A public upload, or `asset-not-found`; `rangeHeader` asks for part of it (video seeking). */
    async openUpload(name: string, rangeHeader: string | undefined) {
      const row = await files.find(name);
      if (row?.kind !== 'upload') {
        throw new AppError('asset-not-found');
      }
      return open(files, row, parseRange(rangeHeader, row.size));
    },

    /**
     * A public upload's picture `width` pixels wide (`variants`: the shared copies), or null when the
     * upload is not a picture or its copy could not be made: the caller then sends the file whole.
     */
    async scaledUpload(name: string, width: UploadImageWidth, variants: ImageVariants) {
      const row = await files.find(name);
      if (row?.kind !== 'upload') {
        throw new AppError('asset-not-found');
      }
      if (row.mime !== 'image/jpeg') {
        return null;
      }
      try {
        const picture = await variants.get(name, width, async () => {
          const stream = await files.open(name);
          if (!stream) {
            throw new AppError('asset-not-found');
          }
          return readAll(stream);
        });
        return { file: row, picture };
      } catch (error) {
        if (error instanceof AppError) {
          throw error;
        }
        return null;
      }
    },

    /** A transfer receipt: only its owner (the tutor paid) and admins may read it. */
    async openReceipt(name: string, caller: UserRow) {
      const row = await files.find(name);
      if (row?.kind !== 'receipt') {
        throw new AppError('asset-not-found');
      }
      if (row.ownerId !== caller.id && !isAdmin(caller)) {
        throw forbidden();
      }
      return open(files, row, null);
    },

    /**
     * Stores a transfer receipt picture owned by `ownerId` (used by the invoices module); returns the
     * file name to keep on the invoice.
     */
    async saveReceipt(ownerId: number, upload: UploadedImage): Promise<string> {
      const image = await processImage(upload.buffer, RECEIPT);
      const row = await files.save({
        kind: 'receipt',
        ownerId,
        extension: image.extension,
        mime: image.mime,
        size: image.buffer.length,
        source: { buffer: image.buffer },
      });
      return row.name;
    },

    /** The onboarding example: media of an activated tutor whose photo session is complete. */
    async sample() {
      const found = await findSampleTutor(db);
      const url = (name: string | null | undefined) => (name ? files.uploadUrl(name) : null);
      return {
        image: url(found?.user.image),
        video: url(found?.tutor.video),
        thumbnail: url(found?.tutor.thumbnail),
      };
    },
  };
}

export type AssetsService = ReturnType<typeof createAssetsService>;

async function open(files: StoredFiles, row: FileRow, range: ByteRange | null) {
  const stream = await files.open(row.name, range ?? undefined);
  if (!stream) {
    throw new AppError('asset-not-found');
  }
  return { file: row, stream, range };
}

/**
 * One `bytes=start-end`, `bytes=start-` or `bytes=-suffix` range within `size`. Anything else
 * (several ranges, nonsense, out of bounds) is ignored and the whole file is sent, as RFC 9110 allows.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || size === 0 || (match[1] === '' && match[2] === '')) {
    return null;
  }
  if (match[1] === '') {
    const suffix = Math.min(Number(match[2]), size);
    return suffix > 0 ? { start: size - suffix, end: size - 1 } : null;
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  return start <= end && start < size ? { start, end } : null;
}
