import { ERROR_CODES, Role } from '@hiwar/domain';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from './testing/app.ts';
import { loginAs } from './testing/factories.ts';

/**
 * Text a route's schema may well accept as a string but that PostgreSQL, a date parser or a
 * renderer chokes on: a NUL (PostgreSQL's text refuses it), a lone surrogate (not UTF-8), a
 * right-to-left override, blank space, a 20,000-character run, and dates at and past the ends of
 * what JavaScript and PostgreSQL can hold.
 */
const HOSTILE_TEXT = [
  'a\u0000b',
  '\ud800',
  '\u202e\u200f',
  '   ',
  'x'.repeat(20_000),
  '0000-01-01T00:00:00.000Z',
  '9999-12-31T23:59:59.999Z',
  '+275760-09-13T00:00:00.000Z',
];

/** The same in a query string: the lone surrogate as the UTF-8 bytes of one, which no decoder accepts. */
const HOSTILE_QUERY = HOSTILE_TEXT.map((text) =>
  text === '\ud800' ? '%ED%A0%80' : encodeURIComponent(text.slice(0, 2_000)),
);

/** Routes that end the caller's session or account: called last, then the caller signs in again. */
const SESSION_ENDING = /logout|revoke|delete/;

type Operation = { method: string; path: string; fields: string[]; query: string[] };

const known = new Set<string>(ERROR_CODES);

/**
 * Beside `app.robustness.test.ts` (values of the wrong type and shape): values of the right type
 * that are hostile as text. Each field of every operation's JSON body and each of its query
 * parameters gets each of them in turn, as a student, a tutor and the SuperAdmin: no answer is 5xx
 * (but the Google sign-in's 503, unconfigured here), and every 4xx carries a catalogue code.
 */
describe('hostile text in every field', async () => {
  const { app } = await buildTestApp();
  const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: Array<{ in: string; name: string }>;
          requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
        }
      >
    >;
  };
  const operations: Operation[] = Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/'))
    .flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, operation]) => ({
          method: method.toUpperCase(),
          // Path parameters an id that may exist: the request reaches the body's handling.
          path: path.replaceAll(/\{[^}]+\}/g, '1'),
          fields: Object.keys(operation.requestBody?.content?.['application/json']?.schema?.properties ?? {}),
          query: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        })),
    )
    .sort((a, b) => Number(SESSION_ENDING.test(a.path)) - Number(SESSION_ENDING.test(b.path)));

  it('finds fields and query parameters to fill', () => {
    expect(operations.flatMap((operation) => operation.fields).length).toBeGreaterThan(100);
    expect(operations.flatMap((operation) => operation.query).length).toBeGreaterThan(30);
  });

  const callers = [
    { name: 'a student', role: Role.Student },
    { name: 'a tutor', role: Role.Tutor },
    { name: 'the SuperAdmin', role: Role.SuperAdmin },
  ];
  for (const { name: caller, role } of callers) {
    it(`answers ${caller}'s hostile text with success or a 4xx catalogue code`, {
      timeout: 240_000,
    }, async () => {
      const failures: string[] = [];
      let headers = (await loginAs(app, role)).auth;
      const check = (what: string, res: Awaited<ReturnType<typeof app.inject>>) => {
        if (res.statusCode >= 500 && !(res.statusCode === 503 && what.includes('/auth/google'))) {
          failures.push(`${what} → ${res.statusCode} ${res.body.slice(0, 200)}`);
        } else if (res.statusCode >= 400 && res.headers['content-type']?.toString().includes('json')) {
          const code = (res.json() as { code?: string }).code;
          if (!code || !known.has(code)) {
            failures.push(`${what} → ${res.statusCode} with code ${String(code)}`);
          }
        }
      };
      for (const operation of operations) {
        for (const [index, text] of HOSTILE_TEXT.entries()) {
          for (const field of operation.fields) {
            const res = await app.inject({
              method: operation.method as 'POST',
              url: operation.path,
              headers,
              payload: { [field]: text },
            });
            check(`${operation.method} ${operation.path} {${field}: text ${index}}`, res);
          }
          for (const name of operation.query) {
            const url = `${operation.path}?${name}=${HOSTILE_QUERY[index]}`;
            check(
              `${operation.method} ${url}`,
              await app.inject({ method: operation.method as 'GET', url, headers }),
            );
          }
        }
        if (SESSION_ENDING.test(operation.path)) {
          headers = (await loginAs(app, role)).auth;
        }
      }
      expect(failures).toEqual([]);
    });
  }
});
