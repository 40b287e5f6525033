import {
  AssetSampleResponseSchema,
  TutorAssetQuerySchema,
  UPLOAD_IMAGE_WIDTHS,
  UPLOAD_WIDTH_PARAM,
  type UploadImageWidth,
  UserAssetQuerySchema,
  UserWithTutorSchema,
} from '@hiwar/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../core/auth.ts';
import { createAssetsService } from './assets.service.ts';
import { fileHeaders } from './file-headers.ts';
import { FILE_NAME_PATTERN } from './file-store.ts';
import { createImageVariants } from './image-variants.ts';
import { readUploads, type UploadedImage, type UploadedVideo } from './uploads.ts';

const security = [{ bearer: [] }];
const consumes = ['multipart/form-data'];

const imageOnly = (part: UploadedImage | UploadedVideo | undefined) =>
  part?.kind === 'image' ? part : undefined;
const videoOnly = (part: UploadedImage | UploadedVideo | undefined) =>
  part?.kind === 'video' ? part : undefined;

/** Spec §7 "User" uploads and "Assets": PUT /api/v1/user/asset[/tutor], GET /api/v1/asset/sample. */
export const assetsRoutes: FastifyPluginAsyncZod = async (app) => {
  const assets = createAssetsService(app);
  const tags = ['assets'];

  app.put(
    '/user/asset',
    {
      schema: {
        tags,
        security,
        consumes,
        summary: 'Upload an avatar (field `image`): JPG, PNG or GIF, at least 480×480, at most 10 MB',
        querystring: UserAssetQuerySchema,
        response: { 200: UserWithTutorSchema },
      },
      preHandler: app.authenticate,
    },
    async (request) => {
      const caller = currentUser(request);
      const uploads = await readUploads(request, { image: 'image' });
      try {
        return await assets.uploadAvatar(caller, request.query.forUser, imageOnly(uploads.parts.image)!);
      } finally {
        await uploads.cleanup();
      }
    },
  );

  app.put(
    '/user/asset/tutor',
    {
      schema: {
        tags,
        security,
        consumes,
        summary: 'Upload tutor media: `image` (avatar), `video` (MP4/MOV/WebM ≤ 400 MB), `thumbnail`',
        querystring: TutorAssetQuerySchema,
        response: { 200: UserWithTutorSchema },
      },
      preHandler: app.authenticate,
    },
    async (request) => {
      const caller = currentUser(request);
      const uploads = await readUploads(request, { image: 'image', video: 'video', thumbnail: 'image' });
      try {
        const { image, video, thumbnail } = uploads.parts;
        return await assets.uploadTutorMedia(caller, request.query.tutorId, {
          image: imageOnly(image),
          video: videoOnly(video),
          thumbnail: imageOnly(thumbnail),
        });
      } finally {
        await uploads.cleanup();
      }
    },
  );

  app.get(
    '/asset/sample',
    {
      schema: {
        tags,
        security,
        summary: 'Example photo-session media for tutors preparing theirs',
        response: { 200: AssetSampleResponseSchema },
      },
      preHandler: app.authenticate,
    },
    () => assets.sample(),
  );
};

const FileNameParamSchema = z.object({
  name: z.string().regex(FILE_NAME_PATTERN, { error: 'asset-not-found' }),
});

const BAD_REQUEST = { error: 'bad-request' } as const;
const WIDTHS = UPLOAD_IMAGE_WIDTHS.map(String) as [string, ...string[]];

const UploadQuerySchema = z.object({
  [UPLOAD_WIDTH_PARAM]: z
    .enum(WIDTHS, BAD_REQUEST)
    .transform((width) => Number(width) as UploadImageWidth)
    .optional(),
});

/** Memory for the uploads' smaller copies, per server instance. */
const VARIANT_CACHE_BYTES = 32 * 1024 * 1024;

const PUBLIC_FOR_GOOD = 'public, max-age=31536000, immutable';

/**
 * GET /assets/uploads/{name} (public, cached for good: names never change; `?w=` a smaller copy of a
 * picture, issue 26) and /assets/receipts/{name}; both with `fileHeaders` (inline, named, a policy of
 * none, no sniffing).
 */
export const assetFilesRoutes: FastifyPluginAsyncZod = async (app) => {
  const assets = createAssetsService(app);
  const variants = createImageVariants({ maxBytes: VARIANT_CACHE_BYTES });
  const tags = ['assets'];

  app.get(
    '/assets/uploads/:name',
    {
      schema: {
        tags,
        summary: 'A public upload (supports Range; `w`: a picture scaled to that width)',
        params: FileNameParamSchema,
        querystring: UploadQuerySchema,
      },
    },
    async (request, reply) => {
      const width = request.query[UPLOAD_WIDTH_PARAM];
      const scaled = width ? await assets.scaledUpload(request.params.name, width, variants) : null;
      if (scaled) {
        return fileHeaders(reply, scaled.file)
          .header('cache-control', PUBLIC_FOR_GOOD)
          .header('content-length', scaled.picture.length)
          .send(scaled.picture);
      }
      const { file, stream, range } = await assets.openUpload(request.params.name, request.headers.range);
      fileHeaders(reply, file).header('cache-control', PUBLIC_FOR_GOOD).header('accept-ranges', 'bytes');
      if (range) {
        reply
          .status(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
          .header('content-length', range.end - range.start + 1);
      } else {
        reply.header('content-length', file.size);
      }
      return reply.send(stream);
    },
  );

  app.get(
    '/assets/receipts/:name',
    {
      schema: {
        tags,
        security,
        summary: 'A transfer receipt (its owner and admins)',
        params: FileNameParamSchema,
      },
      preHandler: app.authenticate,
    },
    async (request, reply) => {
      const { file, stream } = await assets.openReceipt(request.params.name, currentUser(request));
      return fileHeaders(reply, file)
        .header('cache-control', 'private, no-store')
        .header('content-length', file.size)
        .send(stream);
    },
  );
};
