import { randomBytes } from 'node:crypto';
import { Role } from '@hiwar/domain';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/app.ts';
import { loginAs } from '../../testing/factories.ts';
import { type FilePart, multipart } from '../../testing/multipart.ts';
import { startS3Server } from '../../testing/s3.ts';
import { createAssetsService } from './assets.service.ts';
import { createS3FileStore } from './file-store.ts';

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 90, b: 40 } } })
    .png()
    .toBuffer();
const mp4 = (size: number) =>
  Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(12), randomBytes(size)]);
const part = (field: string, data: Buffer, filename: string, contentType: string): FilePart => ({
  field,
  filename,
  contentType,
  data,
});

/**
 * Uploads, downloads and receipts through the app with its files in S3, as every instance of a
 * scaled-out deployment keeps them (issue 17), against a real S3-compatible server.
 */
describe('assets stored in S3', async () => {
  const s3 = await startS3Server('hiwar-assets');
  afterAll(() => s3.close());
  const store = createS3FileStore(s3.config);
  const { app } = await buildTestApp({ deps: { fileStore: store } });
  const assets = createAssetsService(app);
  const inBucket = (name: string) => fetch(`${s3.endpoint}/${s3.config.bucket}/${name}`);
  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: new URL(url, 'http://x').pathname, headers });
  const upload = (url: string, parts: FilePart[], headers: Record<string, string>) => {
    const body = multipart(parts);
    return app.inject({
      method: 'PUT',
      url,
      payload: body.payload,
      headers: { ...headers, ...body.headers },
    });
  };

  it('serves an upload from the bucket byte for byte with its type, and deletes the one it replaces', async () => {
    const me = await loginAs(app, Role.Student);
    const first = await upload(
      '/api/v1/user/asset',
      [part('image', await picture(600, 600), 'me.png', 'image/png')],
      me.auth,
    );
    expect(first.statusCode).toBe(200);
    const firstName = String(first.json().user.image).split('/').at(-1)!;
    const stored = Buffer.from(await (await inBucket(firstName)).arrayBuffer());
    const served = await get(first.json().user.image);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.equals(stored)).toBe(true);

    const second = await upload(
      '/api/v1/user/asset',
      [part('image', await picture(700, 700), 'me.png', 'image/png')],
      me.auth,
    );
    expect(second.statusCode).toBe(200);
    expect((await inBucket(firstName)).status).toBe(404);
  });

  it('streams a video from the bucket in ranges', async () => {
    const tutor = await loginAs(app, Role.Tutor);
    const video = mp4(300_000);
    const res = await upload(
      '/api/v1/user/asset/tutor',
      [part('video', video, 'a.mp4', 'video/mp4')],
      tutor.auth,
    );
    expect(res.statusCode).toBe(200);
    const whole = await get(res.json().tutor.video);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.rawPayload.equals(video)).toBe(true);
    const middle = await get(res.json().tutor.video, { range: 'bytes=1000-1999' });
    expect(middle.statusCode).toBe(206);
    expect(middle.rawPayload.equals(video.subarray(1000, 2000))).toBe(true);
  });

  it('keeps a receipt private: its owner and admins read it, nobody else', async () => {
    const tutor = await loginAs(app, Role.Tutor);
    const name = await assets.saveReceipt(tutor.user.id, { kind: 'image', buffer: await picture(300, 500) });
    const url = `/assets/receipts/${name}`;
    const owner = await get(url, tutor.auth);
    expect(owner.statusCode).toBe(200);
    expect(owner.headers['cache-control']).toBe('private, no-store');
    expect(owner.rawPayload.equals(Buffer.from(await (await inBucket(name)).arrayBuffer()))).toBe(true);
    expect((await get(url, (await loginAs(app, Role.RegularAdmin)).auth)).statusCode).toBe(200);
    expect((await get(url, (await loginAs(app, Role.Tutor)).auth)).statusCode).toBe(403);
    expect((await get(url)).statusCode).toBe(401);
    expect((await get(`/assets/uploads/${name}`)).statusCode).toBe(404);
  });

  it('answers asset-not-found (404, not 500) when the bucket has lost a file the database knows', async () => {
    const me = await loginAs(app, Role.Student);
    const res = await upload(
      '/api/v1/user/asset',
      [part('image', await picture(500, 500), 'me.png', 'image/png')],
      me.auth,
    );
    const name = String(res.json().user.image).split('/').at(-1)!;
    await store.delete(name);
    const gone = await get(res.json().user.image);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('asset-not-found');
  });
});
