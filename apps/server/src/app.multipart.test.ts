import { ERROR_CODES, Role } from '@hiwar/domain';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from './testing/app.ts';
import { loginAs } from './testing/factories.ts';

const known = new Set<string>(ERROR_CODES);
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

/** A multipart body from raw parts, with `boundary` (the header may name another). */
function body(
  boundary: string,
  parts: Array<{ headers: string; data: Buffer | string }>,
  close = true,
): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(
      Buffer.from(`--${boundary}\r\n${part.headers}\r\n\r\n`),
      Buffer.from(part.data),
      Buffer.from('\r\n'),
    );
  }
  if (close) {
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
  }
  return Buffer.concat(chunks);
}
const file = (name: string, type = 'image/png', data: Buffer | string = PNG) => ({
  headers: `Content-Disposition: form-data; name="${name}"; filename="a.png"\r\nContent-Type: ${type}`,
  data,
});
const field = (name: string, value: string) => ({
  headers: `Content-Disposition: form-data; name="${name}"`,
  data: value,
});

/** Every kind of broken or hostile multipart body a stranger can send. */
const CASES: Array<{ name: string; contentType: string; payload: Buffer }> = [
  {
    name: 'truncated inside a file',
    contentType: 'multipart/form-data; boundary=b1',
    payload: body('b1', [file('image')], false).subarray(0, 120),
  },
  {
    name: 'no closing boundary',
    contentType: 'multipart/form-data; boundary=b1',
    payload: body('b1', [file('image')], false),
  },
  {
    name: 'the wrong boundary',
    contentType: 'multipart/form-data; boundary=other',
    payload: body('b1', [file('image')]),
  },
  { name: 'no boundary at all', contentType: 'multipart/form-data', payload: body('b1', [file('image')]) },
  { name: 'no parts', contentType: 'multipart/form-data; boundary=b1', payload: Buffer.from('--b1--\r\n') },
  { name: 'an empty body', contentType: 'multipart/form-data; boundary=b1', payload: Buffer.alloc(0) },
  {
    name: 'a misnamed part',
    contentType: 'multipart/form-data; boundary=b1',
    payload: body('b1', [file('picture')]),
  },
  {
    name: 'the same part twice',
    contentType: 'multipart/form-data; boundary=b1',
    payload: body('b1', [file('image'), file('image')]),
  },
  {
    name: 'an extra part',
    contentType: 'multipart/form-data; boundary=b1',
    payload: body('b1', [
      file('image'),
      file('receipt'),
      file('thumbnail'),
      file('video'),
      file('screenshot'),
    ]),
  },
  {
    name: 'a huge part header',
    contentType: 'multipart/form-data; boundary=b1',
    payload: body('b1', [
      {
        headers: `Content-Disposition: form-data; name="image"; filename="${'a'.repeat(200_000)}.png"`,
        data: PNG,
      },
    ]),
  },
  {
    name: 'a part header without a name',
    contentType: 'multipart/form-data; boundary=b1',
    payload: body('b1', [{ headers: 'Content-Disposition: form-data', data: PNG }]),
  },
  {
    name: 'too many parts',
    contentType: 'multipart/form-data; boundary=b1',
    payload: body(
      'b1',
      Array.from({ length: 40 }, (_, index) => field(`f${index}`, 'x')),
    ),
  },
  {
    name: 'a file that is not what it says',
    contentType: 'multipart/form-data; boundary=b1',
    payload: body('b1', [
      file('image', 'image/png', 'not a picture at all'),
      file('video', 'video/mp4', 'nope'),
      file('thumbnail', 'image/png', 'no'),
    ]),
  },
  {
    name: 'JSON sent to a multipart route',
    contentType: 'application/json',
    payload: Buffer.from('{"a":1}'),
  },
];

/**
 * Issue 14: every multipart route (found in the OpenAPI document) answers a broken or hostile body
 * with a 4xx carrying a catalogue code, never a 5xx, signed in as a user the route admits.
 */
describe('multipart bodies', async () => {
  const { app } = await buildTestApp();
  const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> } }>>;
  };
  const routes = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([, operation]) => operation.requestBody?.content?.['multipart/form-data'])
      .map(([method]) => ({ method: method.toUpperCase(), path })),
  );
  const admin = await loginAs(app, Role.SuperAdmin);
  const tutor = await loginAs(app, Role.Tutor);

  it('finds the multipart routes', () => {
    expect(routes.map((route) => `${route.method} ${route.path}`)).toEqual(
      expect.arrayContaining(['PUT /api/v1/user/asset', 'PUT /api/v1/user/asset/tutor']),
    );
  });

  it('answers every broken body with a 4xx catalogue code', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      for (const auth of [admin.auth, tutor.auth]) {
        for (const sample of CASES) {
          const url = route.path.replace(/\{[^}]+\}/g, '1');
          const res = await app.inject({
            method: route.method as 'PUT',
            url,
            headers: { ...auth, 'content-type': sample.contentType },
            payload: sample.payload,
          });
          const code = res.headers['content-type']?.toString().includes('json') ? res.json().code : undefined;
          if (res.statusCode < 400 || res.statusCode >= 500 || !known.has(code)) {
            wrong.push(`${route.method} ${route.path}: ${sample.name} → ${res.statusCode} ${code}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
