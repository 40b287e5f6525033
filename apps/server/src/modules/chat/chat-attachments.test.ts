import { randomBytes } from 'node:crypto';
import { BOUNDS, Role, VOICE_NOTE_LIMITS } from '@hiwar/domain';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { oggVoiceNote, webmVoiceNote } from '../../../../../packages/domain/src/chat/voice-note.fixtures.ts';
import { chatAttachments, files, messages } from '../../db/schema.ts';
import { buildTestApp } from '../../testing/app.ts';
import { loginAs } from '../../testing/factories.ts';
import { findMediaRows } from '../media/media.repository.ts';
import { ensurePairRoom } from './rooms.repository.ts';

type Part =
  | { field: string; value: string }
  | { field: string; filename: string; contentType: string; data: Buffer };

/** A multipart body with text fields and files, as the browser's FormData sends it. */
function form(parts: Part[]) {
  const boundary = `----hiwar${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head =
      'value' in part
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"\r\n\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`;
    chunks.push(
      Buffer.from(head),
      'value' in part ? Buffer.from(part.value) : part.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const picture = (width: number, height: number, format: 'png' | 'jpeg' | 'gif' | 'webp' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 110 } } })
    [format]()
    .withExif({ IFD0: { ImageDescription: 'taken at home, 30.04N 31.23E' } })
    .toBuffer();
const pdf = (size = 2048) => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(size)]);
const file = (data: Buffer, filename: string, contentType: string): Part => ({
  field: 'file',
  filename,
  contentType,
  data,
});

describe('chat attachments', async () => {
  const { app } = await buildTestApp();

  async function pair() {
    const student = await loginAs(app, Role.Student, { name: 'يوسف طارق' });
    const tutor = await loginAs(app, Role.Tutor, { name: 'منى عادل' });
    const room = await ensurePairRoom(app.db, student.user.id, tutor.user.id);
    return { student, tutor, roomId: room.id };
  }
  const send = (roomId: number, auth: object, parts: Part[]) => {
    const body = form(parts);
    return app.inject({
      method: 'POST',
      url: `/api/v1/chat/room/${roomId}/attachments`,
      payload: body.payload,
      headers: { ...(auth as Record<string, string>), ...body.headers },
    });
  };
  const read = (url: string, auth: object = {}) =>
    app.inject({ method: 'GET', url: new URL(url).pathname, headers: auth as Record<string, string> });
  const chatFiles = async (ownerId: number) =>
    (await app.db.select().from(files).where(eq(files.ownerId, ownerId))).filter(
      (row) => row.kind === 'chat',
    );

  it('sends a picture re-encoded without its metadata, read inline by both members', async () => {
    const { student, tutor, roomId } = await pair();
    const res = await send(roomId, student.auth, [
      { field: 'clientRef', value: 'pic-1' },
      { field: 'text', value: 'واجب اليوم' },
      file(await picture(3200, 1600, 'png'), 'homework.png', 'image/png'),
    ]);
    expect(res.statusCode).toBe(200);
    const { message } = res.json();
    expect(message).toMatchObject({
      roomId,
      senderId: student.user.id,
      text: 'واجب اليوم',
      clientRef: 'pic-1',
    });
    expect(message.attachments).toEqual([
      {
        name: 'homework.jpg',
        kind: 'picture',
        mime: 'image/jpeg',
        size: expect.any(Number),
        width: BOUNDS.chatAttachments.pictureMaxSide,
        height: BOUNDS.chatAttachments.pictureMaxSide / 2,
        durationMs: null,
        url: expect.stringMatching(/^http:\/\/localhost:4000\/api\/v1\/chat\/attachment\/[a-f0-9]{32}\.jpg$/),
      },
    ]);
    for (const reader of [student, tutor]) {
      const served = await read(message.attachments[0].url, reader.auth);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.headers['content-disposition']).toBe(`inline; filename="${message.attachments[0].name}"`);
      expect(served.headers['cache-control']).toBe('private, no-store');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-security-policy']).toContain('sandbox');
      const metadata = await sharp(served.rawPayload).metadata();
      expect(metadata.format).toBe('jpeg');
      expect(metadata.exif).toBeUndefined();
    }
    // The tutor's page of messages carries it.
    const page = await app.inject({
      method: 'GET',
      url: `/api/v1/chat/list/${roomId}/messages`,
      headers: tutor.auth,
    });
    expect(page.json().list[0].attachments).toEqual(message.attachments);
  });

  it('sends GIF and WebP pictures and a PDF, which downloads and is never shown as a page', async () => {
    const { student, tutor, roomId } = await pair();
    const res = await send(roomId, student.auth, [
      { field: 'clientRef', value: 'mixed-1' },
      file(await picture(40, 30, 'gif'), 'a.gif', 'image/gif'),
      file(await picture(40, 30, 'webp'), 'b.webp', 'image/webp'),
      file(pdf(), 'خطة الدرس.pdf', 'application/pdf'),
    ]);
    expect(res.statusCode).toBe(200);
    const { message } = res.json();
    expect(message.text).toBe('');
    expect(message.attachments.map((one: { kind: string; name: string }) => [one.kind, one.name])).toEqual([
      ['picture', 'a.jpg'],
      ['picture', 'b.jpg'],
      ['pdf', 'خطة الدرس.pdf'],
    ]);
    expect(message.attachments[2]).toMatchObject({ mime: 'application/pdf', width: null, height: null });
    const served = await read(message.attachments[2].url, tutor.auth);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toBe(
      `attachment; filename="___ _____.pdf"; filename*=UTF-8''${encodeURIComponent('خطة الدرس.pdf')}`,
    );
    expect(served.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('judges files by their content, not their name or declared type', async () => {
    const { student, roomId } = await pair();
    const textAsPng = await send(roomId, student.auth, [
      { field: 'clientRef', value: 'bad-1' },
      file(Buffer.from('hello, I am text pretending to be a picture'), 'photo.png', 'image/png'),
    ]);
    expect(textAsPng.statusCode).toBe(400);
    expect(textAsPng.json().code).toBe('invalid-type');
    const html = await send(roomId, student.auth, [
      { field: 'clientRef', value: 'bad-2' },
      file(Buffer.from('<html><script>alert(1)</script></html>'), 'doc.pdf', 'application/pdf'),
    ]);
    expect(html.json().code).toBe('invalid-type');
    // A PNG signature over garbage is not a picture once decoded.
    const broken = await send(roomId, student.auth, [
      { field: 'clientRef', value: 'bad-3' },
      file(
        Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(200)]),
        'x.png',
        'image/png',
      ),
    ]);
    expect(broken.json().code).toBe('invalid-type');
    expect(await chatFiles(student.user.id)).toHaveLength(0);
  });

  it('refuses a file over the limit, no file, and too many files', async () => {
    const { student, roomId } = await pair();
    const big = await send(roomId, student.auth, [
      { field: 'clientRef', value: 'big-1' },
      file(pdf(BOUNDS.chatAttachments.pdfMaxBytes), 'big.pdf', 'application/pdf'),
    ]);
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('payload-too-large');
    const none = await send(roomId, student.auth, [{ field: 'clientRef', value: 'none-1' }]);
    expect(none.json().code).toBe('required');
    const many = await send(roomId, student.auth, [
      { field: 'clientRef', value: 'many-1' },
      ...Array.from({ length: BOUNDS.chatAttachments.perMessage + 1 }, () =>
        file(pdf(10), 'a.pdf', 'application/pdf'),
      ),
    ]);
    expect(many.statusCode).toBeGreaterThanOrEqual(400);
    expect(many.statusCode).toBeLessThan(500);
    expect(await chatFiles(student.user.id)).toHaveLength(0);
  });

  it('answers a malformed multipart body with a 4xx, never a 500', async () => {
    const { student, roomId } = await pair();
    const body = form([{ field: 'clientRef', value: 'trunc-1' }, file(pdf(), 'a.pdf', 'application/pdf')]);
    const truncated = await app.inject({
      method: 'POST',
      url: `/api/v1/chat/room/${roomId}/attachments`,
      payload: body.payload.subarray(0, body.payload.length - 400),
      headers: { ...student.auth, ...body.headers },
    });
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json().code).toBe('bad-request');
    const noBoundary = await app.inject({
      method: 'POST',
      url: `/api/v1/chat/room/${roomId}/attachments`,
      payload: 'garbage',
      headers: { ...student.auth, 'content-type': 'multipart/form-data' },
    });
    expect(noBoundary.statusCode).toBeGreaterThanOrEqual(400);
    expect(noBoundary.statusCode).toBeLessThan(500);
    const json = await app.inject({
      method: 'POST',
      url: `/api/v1/chat/room/${roomId}/attachments`,
      payload: { clientRef: 'x' },
      headers: student.auth,
    });
    expect(json.statusCode).toBeGreaterThanOrEqual(400);
    expect(json.statusCode).toBeLessThan(500);
  });

  it('refuses strangers (401) and non-members before reading the body, and hides files from them (404)', async () => {
    const { student, roomId } = await pair();
    const outsider = await loginAs(app, Role.Student);
    const parts = [{ field: 'clientRef', value: 'who-1' }, file(pdf(), 'a.pdf', 'application/pdf')];
    expect((await send(roomId, {}, parts)).statusCode).toBe(401);
    const notMember = await send(roomId, outsider.auth, parts);
    expect(notMember.statusCode).toBe(403);
    expect(notMember.json().code).toBe('not-member');
    expect((await send(999_999, student.auth, parts)).statusCode).toBe(404);

    const { message } = (await send(roomId, student.auth, parts)).json();
    const url = message.attachments[0].url;
    expect((await read(url)).statusCode).toBe(401);
    const hidden = await read(url, outsider.auth);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().code).toBe('asset-not-found');
    // Staff do not read chats (decision 0009), nor the public uploads route serve it.
    const admin = await loginAs(app, Role.SuperAdmin);
    expect((await read(url, admin.auth)).statusCode).toBe(404);
    expect((await read(url.replace('/api/v1/chat/attachment/', '/assets/uploads/'))).statusCode).toBe(404);
  });

  it('does not let a member of one room read another room’s file', async () => {
    const first = await pair();
    const second = await pair();
    const { message } = (
      await send(second.roomId, second.student.auth, [
        { field: 'clientRef', value: 'other-room' },
        file(await picture(20, 20), 'x.png', 'image/png'),
      ])
    ).json();
    expect((await read(message.attachments[0].url, first.tutor.auth)).statusCode).toBe(404);
    expect((await read(message.attachments[0].url, second.tutor.auth)).statusCode).toBe(200);
  });

  it('stores concurrent sends with the same clientRef once, keeping one set of files', async () => {
    const { student, roomId } = await pair();
    const parts = [{ field: 'clientRef', value: 'twin' }, file(pdf(), 'a.pdf', 'application/pdf')];
    const answers = await Promise.all([1, 2, 3].map(() => send(roomId, student.auth, parts)));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    const ids = new Set(answers.map((res) => res.json().message.id));
    expect(ids.size).toBe(1);
    expect(answers.every((res) => res.json().message.attachments.length === 1)).toBe(true);
    expect(await app.db.select().from(messages).where(eq(messages.roomId, roomId))).toHaveLength(1);
    expect(await chatFiles(student.user.id)).toHaveLength(1);
  });

  it('is counted against the chat message allowance', async () => {
    const { student, roomId } = await pair();
    const parts = (ref: string) => [
      { field: 'clientRef', value: ref },
      file(pdf(10), 'a.pdf', 'application/pdf'),
    ];
    const answers = await Promise.all(
      Array.from({ length: BOUNDS.chatMessages.burst + 5 }, (_, index) =>
        send(roomId, student.auth, parts(`limit-${index}`)).then((res) => res.statusCode),
      ),
    );
    expect(answers).toContain(429);
    expect(answers.filter((status) => status === 200).length).toBeLessThanOrEqual(
      BOUNDS.chatMessages.burst + 1,
    );
  });

  it('hides a deleted message’s files, and the media screen knows what uses them', async () => {
    const { student, tutor, roomId } = await pair();
    const { message } = (
      await send(roomId, student.auth, [
        { field: 'clientRef', value: 'media-1' },
        file(pdf(), 'a.pdf', 'application/pdf'),
      ])
    ).json();
    const name = new URL(message.attachments[0].url).pathname.split('/').pop() as string;
    const used = await findMediaRows(
      app.db,
      { kind: 'chat', ownerId: student.user.id },
      { page: 1, size: 10, order: 'desc' as never },
    );
    expect(used.rows.map((row) => [row.name, row.uses])).toEqual([[name, ['chat-attachment']]]);
    const orphans = await findMediaRows(
      app.db,
      { kind: 'chat', ownerId: student.user.id, orphaned: true },
      { page: 1, size: 10, order: 'desc' as never },
    );
    expect(orphans.rows).toHaveLength(0);

    await app.db.update(messages).set({ deletedAt: new Date(), text: '' }).where(eq(messages.id, message.id));
    expect((await read(message.attachments[0].url, tutor.auth)).statusCode).toBe(404);
    const after = await findMediaRows(
      app.db,
      { kind: 'chat', ownerId: student.user.id, orphaned: true },
      { page: 1, size: 10, order: 'desc' as never },
    );
    expect(after.rows.map((row) => row.name)).toEqual([name]);
    // Its row goes with the file when the sweep removes it.
    await app.db.delete(files).where(eq(files.name, name));
    expect(
      await app.db.select().from(chatAttachments).where(eq(chatAttachments.fileName, name)),
    ).toHaveLength(0);
  });

  describe('voice notes', () => {
    const webm = (options?: Parameters<typeof webmVoiceNote>[0]) => Buffer.from(webmVoiceNote(options));
    const ogg = (options?: Parameters<typeof oggVoiceNote>[0]) => Buffer.from(oggVoiceNote(options));

    it('sends a WebM voice note kept as sent, read inline as audio by both members only', async () => {
      const { student, tutor, roomId } = await pair();
      const recorded = webm({ durationMs: 2000 });
      const res = await send(roomId, student.auth, [
        { field: 'clientRef', value: 'voice-1' },
        file(recorded, 'voice-note.webm', 'audio/webm;codecs=opus'),
      ]);
      expect(res.statusCode).toBe(200);
      const { message } = res.json();
      expect(message.text).toBe('');
      expect(message.attachments).toEqual([
        {
          name: 'voice-note.webm',
          kind: 'voice',
          mime: 'audio/webm',
          size: recorded.length,
          width: null,
          height: null,
          durationMs: 1980,
          url: expect.stringMatching(/\/api\/v1\/chat\/attachment\/[a-f0-9]{32}\.webm$/),
        },
      ]);
      for (const reader of [student, tutor]) {
        const served = await read(message.attachments[0].url, reader.auth);
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe('audio/webm');
        expect(served.headers['content-disposition']).toBe('inline; filename="voice-note.webm"');
        expect(served.headers['cache-control']).toBe('private, no-store');
        expect(served.headers['x-content-type-options']).toBe('nosniff');
        expect(served.headers['content-security-policy']).toContain('sandbox');
        expect(Buffer.compare(served.rawPayload, recorded)).toBe(0);
      }
      const outsider = await loginAs(app, Role.Student);
      expect((await read(message.attachments[0].url, outsider.auth)).statusCode).toBe(404);
      expect((await read(message.attachments[0].url)).statusCode).toBe(401);
      const page = await app.inject({
        method: 'GET',
        url: `/api/v1/chat/list/${roomId}/messages`,
        headers: tutor.auth,
      });
      expect(page.json().list[0].attachments).toEqual(message.attachments);
    });

    it('sends an Ogg voice note (Firefox), served as audio/ogg with its length', async () => {
      const { student, tutor, roomId } = await pair();
      const res = await send(roomId, student.auth, [
        { field: 'clientRef', value: 'voice-ogg' },
        { field: 'text', value: 'اسمع النطق' },
        file(ogg({ durationMs: 3500 }), 'تسجيل.ogg', 'audio/ogg'),
      ]);
      expect(res.statusCode).toBe(200);
      const [note] = res.json().message.attachments;
      expect(note).toMatchObject({ kind: 'voice', mime: 'audio/ogg', name: 'تسجيل.ogg', durationMs: 3500 });
      const served = await read(note.url, tutor.auth);
      expect(served.headers['content-type']).toBe('audio/ogg');
    });

    it('refuses a WebM or Ogg that is not Opus audio alone as an unsupported media type', async () => {
      const { student, roomId } = await pair();
      const cases = [
        webm({ codec: 'V_VP8', trackType: 1 }),
        webm({ codec: 'A_VORBIS' }),
        ogg({ codec: 'vorbis' }),
        Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.from('<html><script>1</script>')]),
        Buffer.from('OggS, then an HTML page'),
      ];
      for (const [index, data] of cases.entries()) {
        const res = await send(roomId, student.auth, [
          { field: 'clientRef', value: `voice-bad-${index}` },
          file(data, 'voice-note.webm', 'audio/webm'),
        ]);
        expect(res.statusCode, `case ${index}`).toBe(415);
        expect(res.json().code).toBe('unsupported-media-type');
      }
      // An MP3 is no voice note nor any attachment.
      const mp3 = await send(roomId, student.auth, [
        { field: 'clientRef', value: 'voice-mp3' },
        file(Buffer.from('ID3\u0004\u0000\u0000 not a recording'), 'a.mp3', 'audio/mpeg'),
      ]);
      expect(mp3.json().code).toBe('invalid-type');
      expect(await chatFiles(student.user.id)).toHaveLength(0);
    });

    it('refuses a voice note over 2 MB or over two minutes', async () => {
      const { student, roomId } = await pair();
      const big = webm({ durationMs: 60_000, blockBytes: 800 });
      expect(big.length).toBeGreaterThan(VOICE_NOTE_LIMITS.maxBytes);
      const tooBig = await send(roomId, student.auth, [
        { field: 'clientRef', value: 'voice-big' },
        file(big, 'voice-note.webm', 'audio/webm'),
      ]);
      expect(tooBig.statusCode).toBe(413);
      expect(tooBig.json().code).toBe('payload-too-large');
      const long = webm({ durationMs: 130_000, step: 1000 });
      expect(long.length).toBeLessThan(VOICE_NOTE_LIMITS.maxBytes);
      const tooLong = await send(roomId, student.auth, [
        { field: 'clientRef', value: 'voice-long' },
        file(long, 'voice-note.webm', 'audio/webm'),
      ]);
      expect(tooLong.statusCode).toBe(413);
      expect(tooLong.json().code).toBe('payload-too-large');
      const longOgg = await send(roomId, student.auth, [
        { field: 'clientRef', value: 'voice-long-ogg' },
        file(ogg({ durationMs: 125_000 }), 'voice-note.ogg', 'audio/ogg'),
      ]);
      expect(longOgg.json().code).toBe('payload-too-large');
      expect(await chatFiles(student.user.id)).toHaveLength(0);
    });

    it('refuses non-members before reading, and a voice note cut mid-body is a 400', async () => {
      const { student, roomId } = await pair();
      const outsider = await loginAs(app, Role.Tutor);
      const parts = [{ field: 'clientRef', value: 'voice-who' }, file(webm(), 'v.webm', 'audio/webm')];
      expect((await send(roomId, {}, parts)).statusCode).toBe(401);
      const notMember = await send(roomId, outsider.auth, parts);
      expect(notMember.statusCode).toBe(403);
      expect(notMember.json().code).toBe('not-member');
      const body = form(parts);
      const truncated = await app.inject({
        method: 'POST',
        url: `/api/v1/chat/room/${roomId}/attachments`,
        payload: body.payload.subarray(0, body.payload.length - 300),
        headers: { ...student.auth, ...body.headers },
      });
      expect(truncated.statusCode).toBe(400);
      expect(truncated.json().code).toBe('bad-request');
    });
  });
});
