import { randomBytes } from 'node:crypto';
import { Role, UPLOAD_IMAGE_WIDTHS } from '@hiwar/domain';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { files, users } from '../../db/schema.ts';
import { buildTestApp } from '../../testing/app.ts';
import { createUser, loginAs } from '../../testing/factories.ts';
import { type FilePart, multipart } from '../../testing/multipart.ts';
import { createAssetsService } from './assets.service.ts';

const picture = (width: number, height: number, format: 'png' | 'jpeg' | 'gif' | 'webp' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 110 } } })
    [format]()
    .withExif({ IFD0: { ImageDescription: 'taken at home, 30.04N 31.23E' } })
    .toBuffer();
const part = (
  field: string,
  data: Buffer,
  filename = `${field}.png`,
  contentType = 'image/png',
): FilePart => ({
  field,
  filename,
  contentType,
  data,
});
/** The first bytes of an MP4 file (an `ftyp` box), then noise. */
const mp4 = (size = 4096) =>
  Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(12), randomBytes(size)]);

describe('assets', async () => {
  const { app } = await buildTestApp();
  const assets = createAssetsService(app);

  const upload = (url: string, parts: FilePart[], headers: Record<string, string>) => {
    const body = multipart(parts);
    return app.inject({
      method: 'PUT',
      url,
      payload: body.payload,
      headers: { ...headers, ...body.headers },
    });
  };
  /** GET of an absolute asset URL through the app. */
  const fetchUrl = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: new URL(url).pathname, headers });
  const fileCount = async () => (await app.db.select().from(files)).length;

  describe('PUT /api/v1/user/asset', () => {
    it('stores an avatar as a 480×480 JPEG without metadata, served publicly with a long cache', async () => {
      const me = await loginAs(app, Role.Student);
      const res = await upload('/api/v1/user/asset', [part('image', await picture(800, 600))], me.auth);
      expect(res.statusCode).toBe(200);
      const { image } = res.json().user;
      expect(image).toMatch(/^http:\/\/localhost:4000\/assets\/uploads\/[a-f0-9]{32}\.jpg$/);
      const served = await fetchUrl(image);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.headers['cache-control']).toContain('immutable');
      const metadata = await sharp(served.rawPayload).metadata();
      expect(metadata).toMatchObject({ format: 'jpeg', width: 480, height: 480 });
      expect(metadata.exif).toBeUndefined();
    });

    it('accepts JPG and GIF and replaces the old avatar, deleting it', async () => {
      const me = await loginAs(app, Role.Student);
      const first = await upload(
        '/api/v1/user/asset',
        [part('image', await picture(480, 480, 'jpeg'))],
        me.auth,
      );
      const second = await upload(
        '/api/v1/user/asset',
        [part('image', await picture(500, 520, 'gif'))],
        me.auth,
      );
      expect(second.statusCode).toBe(200);
      expect(second.json().user.image).not.toBe(first.json().user.image);
      expect((await fetchUrl(first.json().user.image)).statusCode).toBe(404);
      expect((await fetchUrl(second.json().user.image)).statusCode).toBe(200);
    });

    it('refuses a picture under 480×480: image-too-small, nothing stored', async () => {
      const me = await loginAs(app, Role.Student);
      const before = await fileCount();
      for (const [width, height] of [
        [479, 800],
        [800, 300],
      ] as const) {
        const res = await upload(
          '/api/v1/user/asset',
          [part('image', await picture(width, height))],
          me.auth,
        );
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe('image-too-small');
      }
      expect(await fileCount()).toBe(before);
    });

    it('judges the content, not the name: a text file called .png and a WebP are invalid-type', async () => {
      const me = await loginAs(app, Role.Student);
      const fake = part('image', Buffer.from('just some text, honestly'), 'avatar.png', 'image/png');
      const webp = part('image', await picture(600, 600, 'webp'), 'avatar.png');
      for (const file of [fake, webp]) {
        const res = await upload('/api/v1/user/asset', [file], me.auth);
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe('invalid-type');
      }
      const [row] = await app.db.select().from(users).where(eq(users.id, me.user.id));
      expect(row?.image).toBeNull();
    });

    it('refuses more than 10 MB: payload-too-large', async () => {
      const me = await loginAs(app, Role.Student);
      const res = await upload(
        '/api/v1/user/asset',
        [part('image', randomBytes(10 * 1024 * 1024 + 1))],
        me.auth,
      );
      expect(res.statusCode).toBe(413);
      expect(res.json().code).toBe('payload-too-large');
    });

    it('needs a multipart body with an image field', async () => {
      const me = await loginAs(app, Role.Student);
      const json = await app.inject({
        method: 'PUT',
        url: '/api/v1/user/asset',
        payload: { image: 'x' },
        headers: me.auth,
      });
      expect(json.statusCode).toBe(415);
      expect(json.json().code).toBe('unsupported-media-type');
      const empty = await upload('/api/v1/user/asset', [], me.auth);
      expect(empty.json().code).toBe('required');
      const wrongField = await upload('/api/v1/user/asset', [part('video', mp4())], me.auth);
      expect(wrongField.json().code).toBe('bad-request');
    });

    it('lets admins set anyone’s avatar and Studio its assigned tutors’, nobody else', async () => {
      const student = await createUser(app.db);
      const studio = await loginAs(app, Role.Studio);
      const tutor = await createUser(app.db, { role: Role.Tutor, tutor: { studioId: studio.user.id } });
      const elsewhere = await createUser(app.db, { role: Role.Tutor });
      const image = await picture(600, 600);
      const as = async (role: Role, target: number) =>
        (
          await upload(
            `/api/v1/user/asset?forUser=${target}`,
            [part('image', image)],
            role === Role.Studio ? studio.auth : (await loginAs(app, role)).auth,
          )
        ).statusCode;
      expect(await as(Role.RegularAdmin, student.id)).toBe(200);
      expect(await as(Role.Studio, tutor.id)).toBe(200);
      expect(await as(Role.Studio, elsewhere.id)).toBe(403);
      expect(await as(Role.Studio, student.id)).toBe(403);
      expect(await as(Role.Student, tutor.id)).toBe(403);
      expect(await as(Role.Tutor, student.id)).toBe(403);
      expect(await as(Role.SuperAdmin, 999_999)).toBe(404);
    });

    it('removes the avatar through PUT /user/{id} image: null', async () => {
      const me = await loginAs(app, Role.Student);
      const res = await upload('/api/v1/user/asset', [part('image', await picture(600, 600))], me.auth);
      const removed = await app.inject({
        method: 'PUT',
        url: `/api/v1/user/${me.user.id}`,
        payload: { image: null },
        headers: me.auth,
      });
      expect(removed.json().user.image).toBeNull();
      expect((await fetchUrl(res.json().user.image)).statusCode).toBe(404);
    });

    it('is 401 anonymously', async () => {
      const res = await upload('/api/v1/user/asset', [part('image', await picture(600, 600))], {});
      expect(res.statusCode).toBe(401);
    });
  });

  describe('PUT /api/v1/user/asset/tutor', () => {
    it('stores a tutor’s avatar, intro video and thumbnail; the video streams in ranges', async () => {
      const tutor = await loginAs(app, Role.Tutor);
      const video = mp4(100_000);
      const res = await upload(
        '/api/v1/user/asset/tutor',
        [
          part('image', await picture(700, 700)),
          part('video', video, 'intro.mp4', 'video/mp4'),
          part('thumbnail', await picture(1920, 1080)),
        ],
        tutor.auth,
      );
      expect(res.statusCode).toBe(200);
      const { user, tutor: meta } = res.json();
      expect(user.image).toMatch(/\.jpg$/);
      expect(meta.video).toMatch(/\.mp4$/);
      const thumbnail = await fetchUrl(meta.thumbnail);
      expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({ width: 1280, height: 720 });
      const whole = await fetchUrl(meta.video);
      expect(whole.headers['content-type']).toBe('video/mp4');
      expect(whole.rawPayload.equals(video)).toBe(true);
      const part1 = await fetchUrl(meta.video, { range: 'bytes=100-199' });
      expect(part1.statusCode).toBe(206);
      expect(part1.headers['content-range']).toBe(`bytes 100-199/${video.length}`);
      expect(part1.rawPayload.equals(video.subarray(100, 200))).toBe(true);
      const tail = await fetchUrl(meta.video, { range: 'bytes=-10' });
      expect(tail.rawPayload.equals(video.subarray(-10))).toBe(true);
      const nonsense = await fetchUrl(meta.video, { range: 'bytes=999999999-' });
      expect(nonsense.statusCode).toBe(200);
    });

    it('checks each file: a text file as video is invalid-type, a small thumbnail image-too-small', async () => {
      const tutor = await loginAs(app, Role.Tutor);
      const before = await fileCount();
      const text = await upload(
        '/api/v1/user/asset/tutor',
        [part('video', Buffer.from('not a video at all '.repeat(10)), 'intro.mp4', 'video/mp4')],
        tutor.auth,
      );
      expect(text.json().code).toBe('invalid-type');
      const small = await upload(
        '/api/v1/user/asset/tutor',
        [part('video', mp4(), 'intro.mp4', 'video/mp4'), part('thumbnail', await picture(400, 225))],
        tutor.auth,
      );
      expect(small.json().code).toBe('image-too-small');
      expect(await fileCount()).toBe(before);
    });

    it('lets Studio (its assigned tutors) and admins upload for a tutor (tutorId), not for a student, and students not at all', async () => {
      const studio = await loginAs(app, Role.Studio);
      const tutor = await createUser(app.db, { role: Role.Tutor, tutor: { studioId: studio.user.id } });
      const ok = await upload(
        `/api/v1/user/asset/tutor?tutorId=${tutor.id}`,
        [part('thumbnail', await picture(960, 540))],
        studio.auth,
      );
      expect(ok.statusCode).toBe(200);
      expect(ok.json().tutor.thumbnail).toMatch(/\.jpg$/);
      const admin = await loginAs(app, Role.SuperAdmin);
      const student = await createUser(app.db);
      const notTutor = await upload(
        `/api/v1/user/asset/tutor?tutorId=${student.id}`,
        [part('thumbnail', await picture(960, 540))],
        admin.auth,
      );
      expect(notTutor.statusCode).toBe(404);
      expect(notTutor.json().code).toBe('tutor-not-found');
      const me = await loginAs(app, Role.Student);
      expect(
        (await upload('/api/v1/user/asset/tutor', [part('thumbnail', await picture(960, 540))], me.auth))
          .statusCode,
      ).toBe(403);
      expect(
        (
          await upload(
            `/api/v1/user/asset/tutor?tutorId=${tutor.id}`,
            [part('thumbnail', await picture(960, 540))],
            me.auth,
          )
        ).statusCode,
      ).toBe(403);
      const manager = await loginAs(app, Role.TutorManager);
      expect(
        (
          await upload(
            `/api/v1/user/asset/tutor?tutorId=${tutor.id}`,
            [part('thumbnail', await picture(960, 540))],
            manager.auth,
          )
        ).statusCode,
      ).toBe(403);
    });

    it('is 401 anonymously and 400 for a bad tutorId', async () => {
      expect(
        (await upload('/api/v1/user/asset/tutor', [part('video', mp4(), 'a.mp4', 'video/mp4')], {}))
          .statusCode,
      ).toBe(401);
      const admin = await loginAs(app, Role.SuperAdmin);
      expect(
        (
          await upload('/api/v1/user/asset/tutor?tutorId=x', [part('video', mp4(), 'a.mp4')], admin.auth)
        ).json().code,
      ).toBe('bad-request');
    });
  });

  describe('GET /assets/…', () => {
    it('answers asset-not-found for unknown or malformed names', async () => {
      for (const url of [
        '/assets/uploads/0123456789abcdef0123456789abcdef.jpg',
        '/assets/uploads/..%2F..%2Fetc%2Fpasswd',
        '/assets/uploads/x',
      ]) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json().code).toBe('asset-not-found');
      }
    });

    it('answers a smaller copy of an uploaded picture at each offered width, never wider, videos whole', async () => {
      const tutor = await loginAs(app, Role.Tutor);
      const video = mp4(2000);
      const res = await upload(
        '/api/v1/user/asset/tutor',
        [
          part('image', await picture(600, 600)),
          part('video', video, 'intro.mp4', 'video/mp4'),
          part('thumbnail', await picture(1280, 720)),
        ],
        tutor.auth,
      );
      const { user, tutor: meta } = res.json();
      const at = (url: string, query: string) =>
        app.inject({ method: 'GET', url: `${new URL(url).pathname}?${query}` });
      const original = await fetchUrl(user.image);
      for (const width of UPLOAD_IMAGE_WIDTHS) {
        const scaled = await at(user.image, `w=${width}`);
        expect(scaled.statusCode).toBe(200);
        expect(scaled.headers['content-type']).toBe('image/jpeg');
        expect(scaled.headers['cache-control']).toContain('immutable');
        expect(Number(scaled.headers['content-length'])).toBe(scaled.rawPayload.length);
        const { width: got, height } = await sharp(scaled.rawPayload).metadata();
        // A 480 px avatar is not enlarged to 640.
        expect([got, height]).toEqual([Math.min(width, 480), Math.min(width, 480)]);
        if (width < 480) {
          expect(scaled.rawPayload.length).toBeLessThan(original.rawPayload.length);
        }
      }
      // The same copy again (from memory), and the poster's 16:9 kept.
      expect(
        (await at(user.image, 'w=96')).rawPayload.equals((await at(user.image, 'w=96')).rawPayload),
      ).toBe(true);
      const poster = await at(meta.thumbnail, 'w=640');
      expect(await sharp(poster.rawPayload).metadata()).toMatchObject({ width: 640, height: 360 });
      // Concurrent first requests share one copy.
      const burst = await Promise.all(Array.from({ length: 5 }, () => at(meta.thumbnail, 'w=384')));
      expect(new Set(burst.map((answer) => answer.rawPayload.toString('base64'))).size).toBe(1);
      // A video has no copies: the file whole.
      const whole = await at(meta.video, 'w=96');
      expect(whole.statusCode).toBe(200);
      expect(whole.rawPayload.equals(video)).toBe(true);
      // Only the offered widths, one value: anything else is bad-request; unknown names stay 404.
      for (const query of ['w=100', 'w=0', 'w=-96', 'w=96.0', 'w=', 'w=96&w=192', 'w=1e9']) {
        const bad = await at(user.image, query);
        expect(bad.statusCode, query).toBe(400);
        expect(bad.json().code, query).toBe('bad-request');
      }
      // Another parameter is not the width: the picture whole.
      expect((await at(user.image, 'w[gt]=1')).rawPayload.equals(original.rawPayload)).toBe(true);
      const missing = await app.inject({
        method: 'GET',
        url: '/assets/uploads/0123456789abcdef0123456789abcdef.jpg?w=96',
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().code).toBe('asset-not-found');
    });

    it('serves a receipt to its owner and admins only', async () => {
      const tutor = await loginAs(app, Role.Tutor);
      const name = await assets.saveReceipt(tutor.user.id, {
        kind: 'image',
        buffer: await picture(300, 500, 'jpeg'),
      });
      const url = `/assets/receipts/${name}`;
      const owner = await app.inject({ method: 'GET', url, headers: tutor.auth });
      expect(owner.statusCode).toBe(200);
      expect(owner.headers['cache-control']).toContain('no-store');
      expect(
        (await app.inject({ method: 'GET', url, headers: (await loginAs(app, Role.RegularAdmin)).auth }))
          .statusCode,
      ).toBe(200);
      for (const role of [Role.Student, Role.Tutor, Role.Studio]) {
        const res = await app.inject({ method: 'GET', url, headers: (await loginAs(app, role)).auth });
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('forbidden');
      }
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
      // A receipt is not a public upload, and an upload is not a receipt.
      expect((await app.inject({ method: 'GET', url: `/assets/uploads/${name}` })).statusCode).toBe(404);
      const missing = await app.inject({
        method: 'GET',
        url: '/assets/receipts/0123456789abcdef0123456789abcdef.jpg',
        headers: tutor.auth,
      });
      expect(missing.json().code).toBe('asset-not-found');
    });
  });

  describe('served files (issue 28)', () => {
    /** What every served file carries: a policy of none, no sniffing, inline under its own name. */
    const expectFileHeaders = (headers: Record<string, unknown>, name: string) => {
      expect(headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'; sandbox");
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['content-disposition']).toBe(`inline; filename="${name}"`);
    };

    it('serves uploads (whole, scaled, in ranges) and receipts inline, named, with a policy of none and nosniff', async () => {
      const tutor = await loginAs(app, Role.Tutor);
      const res = await upload(
        '/api/v1/user/asset/tutor',
        [
          part('image', await picture(600, 600)),
          part('video', mp4(2000), 'intro.mp4', 'video/mp4'),
          part('thumbnail', await picture(1280, 720)),
        ],
        tutor.auth,
      );
      const { user, tutor: meta } = res.json();
      const image = new URL(user.image).pathname;
      const name = image.split('/').pop()!;
      expectFileHeaders((await app.inject({ method: 'GET', url: image })).headers, name);
      const scaled = await app.inject({ method: 'GET', url: `${image}?w=${UPLOAD_IMAGE_WIDTHS[0]}` });
      expect(scaled.statusCode).toBe(200);
      expectFileHeaders(scaled.headers, name);
      const video = new URL(meta.video).pathname;
      const range = await app.inject({ method: 'GET', url: video, headers: { range: 'bytes=0-9' } });
      expect(range.statusCode).toBe(206);
      expectFileHeaders(range.headers, video.split('/').pop()!);

      const receipt = await assets.saveReceipt(tutor.user.id, {
        kind: 'image',
        buffer: await picture(300, 500, 'jpeg'),
      });
      const served = await app.inject({
        method: 'GET',
        url: `/assets/receipts/${receipt}`,
        headers: tutor.auth,
      });
      expect(served.statusCode).toBe(200);
      expectFileHeaders(served.headers, receipt);
    });
  });

  describe('GET /api/v1/asset/sample', () => {
    it('answers nulls until an activated tutor has a complete photo session, then that media', async () => {
      const me = await loginAs(app, Role.Tutor);
      const empty = await app.inject({ method: 'GET', url: '/api/v1/asset/sample', headers: me.auth });
      expect(empty.statusCode).toBe(200);
      expect(empty.json()).toEqual({ image: null, video: null, thumbnail: null });
      const sample = await loginAs(app, Role.Tutor, { tutor: { activated: true } });
      const done = await upload(
        '/api/v1/user/asset/tutor',
        [
          part('image', await picture(600, 600)),
          part('video', mp4(), 'v.mp4'),
          part('thumbnail', await picture(960, 540)),
        ],
        sample.auth,
      );
      const res = await app.inject({ method: 'GET', url: '/api/v1/asset/sample', headers: me.auth });
      expect(res.json()).toEqual({
        image: done.json().user.image,
        video: done.json().tutor.video,
        thumbnail: done.json().tutor.thumbnail,
      });
    });

    it('is 401 anonymously', async () => {
      expect((await app.inject({ method: 'GET', url: '/api/v1/asset/sample' })).statusCode).toBe(401);
    });
  });
});
