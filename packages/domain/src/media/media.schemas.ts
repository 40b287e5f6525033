import { z } from 'zod';
import { isLocalDate } from '../availability/local-time.ts';
import { QueryIdSchema } from '../common/id.schemas.ts';
import { PageQuerySchema, pagedSchema } from '../common/paging.schemas.ts';
import { SortOrder } from '../enums/common.enums.ts';
import { enumValues } from '../enums/enum-values.ts';
import { RoleSchema } from '../enums/user.enum-schemas.ts';

/**
 * The stored-files contract (issue 13 "Back office", `/media`): every file in the file store with its
 * owner and what uses it, and the removal of orphaned files — files nothing references (an avatar,
 * intro video or thumbnail no profile shows, a receipt no invoice holds, a screenshot no report holds),
 * older than an hour so an upload still in flight is never taken.
 */

const BAD_REQUEST = { error: 'bad-request' } as const;
const isoDateTime = z.iso.datetime({ offset: true });
const localDate = z.string(BAD_REQUEST).refine(isLocalDate, BAD_REQUEST);

/**
 * `upload`: public (avatars, videos, thumbnails); `receipt` and `report`: private to owner and staff;
 * `chat`: a chat attachment, private to its room's two members (staff never read chats, decision 0009);
 * `note`: a file on a lesson's note, private to the lesson's members and admins (decision 0049).
 */
export const FileKind = {
  Upload: 'upload',
  Receipt: 'receipt',
  Report: 'report',
  Chat: 'chat',
  Note: 'note',
} as const;
export type FileKind = (typeof FileKind)[keyof typeof FileKind];
export const FILE_KINDS = enumValues(FileKind);

/** What holds a file's name: the column that references it. */
export const FileUse = {
  Avatar: 'avatar',
  Video: 'video',
  Thumbnail: 'thumbnail',
  Receipt: 'receipt',
  ReportScreenshot: 'report-screenshot',
  ChatAttachment: 'chat-attachment',
  LessonNoteFile: 'lesson-note-file',
} as const;
export type FileUse = (typeof FileUse)[keyof typeof FileUse];
export const FILE_USES = enumValues(FileUse);

/** An orphan younger than this may be an upload whose row has not been linked yet: never removed. */
export const ORPHAN_MIN_AGE_MS = 60 * 60 * 1000;

/**
 * `GET /api/v1/media/list`: paged, newest first by default; by kind, owner, Cairo calendar dates of
 * the upload (`from` and `to` both included), and only orphaned files.
 */
export const FindMediaQuerySchema = /* @__PURE__ */ PageQuerySchema.extend({
  kind: z.enum(FileKind, BAD_REQUEST).optional(),
  ownerId: /* @__PURE__ */ QueryIdSchema.optional(),
  from: /* @__PURE__ */ localDate.optional(),
  to: /* @__PURE__ */ localDate.optional(),
  orphaned: z
    .enum(['true', 'false'], BAD_REQUEST)
    .transform((value) => value === 'true')
    .optional(),
  order: z.enum(SortOrder, BAD_REQUEST).default(SortOrder.Desc),
}).refine((query) => !query.from || !query.to || query.from <= query.to, BAD_REQUEST);
export type FindMediaQuery = Partial<z.output<typeof FindMediaQuerySchema>>;

export const MediaOwnerSchema = z.object({
  id: z.number().int().positive(),
  name: z.string().nullable(),
  email: z.string(),
  role: RoleSchema,
});

export const MediaFileSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  kind: z.enum(FileKind),
  mime: z.string(),
  size: z.number().int().nonnegative(),
  createdAt: isoDateTime,
  /** Whose file it is (for tutor media, the tutor, even when staff uploaded it); null once deleted. */
  owner: /* @__PURE__ */ MediaOwnerSchema.nullable(),
  /** Where it is used; empty for an orphan. */
  uses: z.array(z.enum(FileUse)),
  orphaned: z.boolean(),
  /** Public uploads: the address to show; receipts and screenshots: their private route (bearer token). */
  url: z.string(),
});

export const MediaListResponseSchema = /* @__PURE__ */ pagedSchema(MediaFileSchema).extend({
  /** Orphans old enough to remove now (ignores the list's filters). */
  removableOrphans: z.number().int().nonnegative(),
});

/** `DELETE /api/v1/media/orphans` (SuperAdmin): what went; `more` when another run has more to remove. */
export const RemoveOrphansResponseSchema = z.object({
  removed: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative(),
  more: z.boolean(),
});

export type MediaOwner = z.infer<typeof MediaOwnerSchema>;
export type MediaFile = z.infer<typeof MediaFileSchema>;
export type MediaListResponse = z.infer<typeof MediaListResponseSchema>;
export type RemoveOrphansResponse = z.infer<typeof RemoveOrphansResponseSchema>;
