import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Multipart } from '@fastify/multipart';
import { AppError, BOUNDS } from '@hiwar/domain';
import type { FastifyRequest } from 'fastify';
import { sniffVideo, type VideoType } from './media.ts';

export type UploadedImage = { kind: 'image'; buffer: Buffer };
export type UploadedVideo = { kind: 'video'; path: string; size: number; type: VideoType };
export type Uploads<F extends string> = {
  parts: Partial<Record<F, UploadedImage | UploadedVideo>>;
  /** Removes the temporary files videos were written to. */
  cleanup(): Promise<void>;
};

/** Reads a stream to memory, refusing more than `max` bytes (`payload-too-large`). */
export async function readLimited(stream: Readable, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > max) {
      stream.resume();
      throw new AppError('payload-too-large', { message: `Pictures may be at most ${max / 1024 / 1024} MB` });
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * The parts of a multipart request, where a body the parser cannot read — truncated, a boundary that
 * never comes, a malformed or oversized part header — is the client's `bad-request` (never a 500);
 * our own refusals and the parser's limits (`payload-too-large`, `unsupported-media-type`) pass as
 * they are. Every multipart route reads its body through this.
 */
export async function* multipartParts(request: FastifyRequest): AsyncGenerator<Multipart> {
  const parts = request.parts() as AsyncIterableIterator<Multipart>;
  try {
    for await (const part of parts) {
      yield part;
    }
  } catch (error) {
    throw asClientError(error);
  }
}

/** A parser failure as the client's error; ours and Fastify's coded ones unchanged. */
export function asClientError(error: unknown): unknown {
  if (error instanceof AppError) {
    return error;
  }
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('FST_')) {
    return error;
  }
  return new AppError('bad-request', {
    message: `Malformed multipart body: ${(error as Error).message ?? 'unreadable'}`,
  });
}

/**
 * Reads a multipart upload: each expected file field once, pictures (≤ 10 MB) into memory, videos
 * (≤ 400 MB) into a temporary file after checking their first bytes are a video. Unknown or repeated
 * fields are `bad-request`; a request with no file is `required`. Call `cleanup()` when done.
 */
export async function readUploads<F extends string>(
  request: FastifyRequest,
  fields: Record<F, 'image' | 'video'>,
): Promise<Uploads<F>> {
  const parts: Partial<Record<F, UploadedImage | UploadedVideo>> = {};
  let tempDir: string | undefined;
  const cleanup = async () => {
    if (tempDir) {
      await rm(tempDir, { recursive: true, force: true });
    }
  };
  try {
    for await (const part of multipartParts(request)) {
      if (part.type !== 'file') {
        continue;
      }
      const field = part.fieldname as F;
      if (!(field in fields) || parts[field]) {
        part.file.resume();
        throw new AppError('bad-request', { message: `Unexpected file field ${part.fieldname}` });
      }
      if (fields[field] === 'image') {
        parts[field] = { kind: 'image', buffer: await readLimited(part.file, BOUNDS.upload.imageMaxBytes) };
        continue;
      }
      tempDir ??= await mkdtemp(path.join(os.tmpdir(), 'hiwar-upload-'));
      const file = path.join(tempDir, field);
      let type: VideoType | null = null;
      let size = 0;
      let head = Buffer.alloc(0);
      await pipeline(
        part.file,
        async function* (source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            if (!type) {
              head = Buffer.concat([head, chunk]);
              if (head.length < 64) {
                continue;
              }
              type = sniffVideo(head);
              if (!type) {
                throw new AppError('invalid-type', { message: 'Use an MP4, MOV or WebM video' });
              }
              size += head.length;
              yield head;
              continue;
            }
            size += chunk.length;
            yield chunk;
          }
          if (!type) {
            type = sniffVideo(head);
            if (!type) {
              throw new AppError('invalid-type', { message: 'Use an MP4, MOV or WebM video' });
            }
            size += head.length;
            yield head;
          }
        },
        createWriteStream(file),
      );
      if (part.file.truncated) {
        throw new AppError('payload-too-large', { message: 'Videos may be at most 400 MB' });
      }
      parts[field] = { kind: 'video', path: file, size, type: type! };
    }
  } catch (error) {
    await cleanup();
    // A part's stream can fail too (the body ends inside a file).
    throw asClientError(error);
  }
  if (Object.keys(parts).length === 0) {
    await cleanup();
    throw new AppError('required', { message: 'Attach a file' });
  }
  return { parts, cleanup };
}
