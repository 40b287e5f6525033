import { ERROR_CODES, Role } from '@hiwar/domain';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from './testing/app.ts';
import { loginAs } from './testing/factories.ts';

type Operation = { method: string; path: string };

/** Path parameters no route can take: text, negative, fractional, past PostgreSQL's integer, control. */
const BAD_IDS = ['abc', '-1', '0', '1.5', '99999999999', '2147483648', '%00', "1'--"];

/** Bodies no route can take: not JSON, the wrong JSON shape, each field the wrong type. */
const BAD_BODIES: Array<{ payload: string; contentType: string }> = [
  { payload: 'not json', contentType: 'application/json' },
  { payload: '[]', contentType: 'application/json' },
  { payload: '{}', contentType: 'application/json' },
  { payload: 'null', contentType: 'application/json' },
  {
    payload: JSON.stringify({ id: 'x', start: 'soon', duration: 31, tutorId: -5, page: 0, text: 7 }),
    contentType: 'application/json',
  },
  { payload: 'a=1', contentType: 'application/x-www-form-urlencoded' },
  // The right shape, ids past PostgreSQL's integer.
  {
    payload: JSON.stringify({
      ...Object.fromEntries(
        ['id', 'tutorId', 'userId', 'planId', 'roomId', 'topicId', 'installmentId', 'slotId'].map((key) => [
          key,
          2_147_483_648,
        ]),
      ),
      start: '2030-01-05T10:00:00.000Z',
      duration: 30,
      period: 3,
      value: 5,
    }),
    contentType: 'application/json',
  },
];

const BAD_QUERIES = [
  '?page=-1&size=999999&from=garbage&to=2026-13-45&userId=abc&amount=1e400&status=9',
  '?userId=2147483648&tutorId=2147483648&studentId=2147483648&topic=2147483648&amount=2147483648',
];

/**
 * Encodings rather than values: repeated and bracketed query parameters (arrays and objects to a
 * parser that allows them), prototype keys, nesting deeper than any schema, numbers past a double,
 * duplicate keys, content types a route does not take, and a body past the size limit.
 */
const ODD_QUERIES = [
  '?page=1&page=2&size=5&size=6&search=a&search=b&status=1&status=2&from=x&from=y',
  '?page[gt]=1&size[]=5&search[$ne]=a&userId[]=1&__proto__[polluted]=1&constructor[prototype][x]=1',
];
const ODD_BODIES: Array<{ payload: string; contentType: string }> = [
  {
    payload: '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
    contentType: 'application/json',
  },
  { payload: `${'['.repeat(5_000)}${']'.repeat(5_000)}`, contentType: 'application/json' },
  {
    payload: `{"id":1e400,"amount":-1e400,"duration":1e-400,"page":${'9'.repeat(400)}}`,
    contentType: 'application/json',
  },
  { payload: '{"id":1,"id":"x","text":"a","text":{"nested":[1,2]}}', contentType: 'application/json' },
  { payload: '{"text":"a"}', contentType: 'text/plain' },
  { payload: '{"text":"a"}', contentType: 'application/json; charset=utf-16' },
  { payload: '<a>1</a>', contentType: 'application/xml' },
  { payload: '{"text":"a"}', contentType: 'multipart/form-data; boundary=' },
  { payload: JSON.stringify({ text: 'x'.repeat(3 * 1024 * 1024) }), contentType: 'application/json' },
];

/** Routes that end the caller's session: called last, so the others run signed in. */
const SESSION_ENDING = /logout|revoke/;

const known = new Set<string>(ERROR_CODES);

/**
 * Spec §6 / brief: bad input gets a clear 4xx with a catalogue code, never a 500. Every operation of
 * the OpenAPI document is called with malformed path parameters, bodies and queries, anonymously, as
 * a student and as the SuperAdmin: no answer is 5xx, and every 4xx carries a code from the catalogue.
 */
describe('no request makes the server fail', async () => {
  const { app } = await buildTestApp();
  const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  // Our API only: the Fawry sandbox mounted beside it answers in Fawry's own format.
  const operations: Operation[] = Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/'))
    .flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map((method) => ({ method: method.toUpperCase(), path })),
    )
    .sort((a, b) => Number(SESSION_ENDING.test(a.path)) - Number(SESSION_ENDING.test(b.path)));

  /**
   * Sends one request as `headers` say; the answer and what is wrong with it, if anything: a 5xx, or
   * a JSON 4xx without a code from the catalogue.
   */
  async function send(
    method: string,
    url: string,
    headers: Record<string, string>,
    body: { payload: string; contentType: string } | undefined,
  ) {
    const res = await app.inject({
      method: method as 'GET',
      url,
      headers: { ...headers, ...(body ? { 'content-type': body.contentType } : {}) },
      ...(body ? { payload: body.payload } : {}),
    });
    let problem: string | null = null;
    if (res.statusCode >= 500) {
      problem = res.body.slice(0, 200);
    } else if (res.statusCode >= 400 && res.headers['content-type']?.toString().includes('json')) {
      const code = (res.json() as { code?: string }).code;
      problem = code && known.has(code) ? null : `with code ${String(code)}`;
    }
    return { status: res.statusCode, problem };
  }

  it('finds the API in the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(80);
  });

  const callers = [
    { name: 'anonymous', signedIn: false, headers: async () => ({}) },
    { name: 'a student', signedIn: true, headers: async () => (await loginAs(app, Role.Student)).auth },
    {
      name: 'the SuperAdmin',
      signedIn: true,
      headers: async () => (await loginAs(app, Role.SuperAdmin)).auth,
    },
  ];

  for (const caller of callers) {
    it(`answers ${caller.name}'s malformed requests with 4xx catalogue codes`, {
      timeout: 120_000,
    }, async () => {
      const failures: string[] = [];
      let [answered, unauthenticated] = [0, 0];
      let headers = await caller.headers();
      for (const operation of operations) {
        const ids = operation.path.includes('{') ? BAD_IDS : [''];
        for (const [id, query] of ids.flatMap((id) => BAD_QUERIES.map((query) => [id, query] as const))) {
          const url = `${operation.path.replaceAll(/\{[^}]+\}/g, id)}${query}`;
          const bodies =
            operation.method === 'GET' || operation.method === 'DELETE' ? [undefined] : BAD_BODIES;
          for (const body of bodies) {
            const { status, problem } = await send(operation.method, url, headers, body);
            answered++;
            unauthenticated += status === 401 ? 1 : 0;
            if (problem) {
              failures.push(`${operation.method} ${url} ${body?.payload ?? ''} → ${status} ${problem}`);
            }
          }
        }
        if (SESSION_ENDING.test(operation.path)) {
          headers = await caller.headers();
        }
      }
      expect(failures).toEqual([]);
      // Signed in, the requests reach each route's validation, not just the guard.
      if (caller.signedIn) {
        expect(unauthenticated / answered).toBeLessThan(0.2);
      }
    });

    it(`answers ${caller.name}'s oddly encoded requests with 4xx catalogue codes`, {
      timeout: 120_000,
    }, async () => {
      const failures: string[] = [];
      let headers = await caller.headers();
      for (const operation of operations) {
        for (const query of ODD_QUERIES) {
          const url = `${operation.path.replaceAll(/\{[^}]+\}/g, '1')}${query}`;
          const bodies =
            operation.method === 'GET' || operation.method === 'DELETE' ? [undefined] : ODD_BODIES;
          for (const body of bodies) {
            const { status, problem } = await send(operation.method, url, headers, body);
            if (problem) {
              const sent = `${body?.payload.slice(0, 80) ?? ''} (${body?.contentType ?? ''})`;
              failures.push(`${operation.method} ${url} ${sent} → ${status} ${problem}`);
            }
          }
        }
        if (SESSION_ENDING.test(operation.path)) {
          headers = await caller.headers();
        }
      }
      expect(failures).toEqual([]);
      // Nothing reached the prototypes.
      expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    });
  }
});
