import { ERROR_CODES, Role } from '@hiwar/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { reports } from './db/schema.ts';
import { buildTestApp } from './testing/app.ts';
import { createLesson, createListedTutor, loginAs } from './testing/factories.ts';
import { lastMessageTo } from './testing/outbox.ts';

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

/**
 * One rule for free text (decision 0046) over HTTP: markup a browser would run is refused
 * (`text-invalid-html`) and bidirectional or control characters are stripped, the same in a tutor's
 * bio and about, a report's title and a rating's text; e-mails carry the cleaned text.
 */
describe('one rule for free text over HTTP', async () => {
  const { app } = await buildTestApp();
  /** Every bidirectional control, a mark, a zero-width space, a BOM and C0 controls. */
  const HIDDEN =
    '\u202e\u202a\u202b\u202c\u202d\u2066\u2067\u2068\u2069\u200e\u200f\u200b\ufeff\u0000\u0007\u001b';
  const hostile = (text: string) => `${HIDDEN}${text.slice(0, 3)}${HIDDEN}${text.slice(3)}${HIDDEN}`;
  const MARKUP = [
    (text: string) => `${text} <a href="javascript:alert(1)">x</a>`,
    (text: string) => `<img src=x onerror=alert(1)>${text}`,
    (text: string) => `${text} <\u200bimg src=x onerror=alert(1)>`,
  ];

  it('a tutor’s bio and about: markup refused, hidden characters stripped', async () => {
    const tutor = await loginAs(app, Role.Tutor);
    const put = (payload: object) =>
      app.inject({ method: 'PUT', url: `/api/v1/user/${tutor.user.id}`, headers: tutor.auth, payload });
    const bio = 'مدرس لغة إنجليزية بخبرة عشر سنوات';
    const about = 'أدرّس الإنجليزية للمبتدئين والمتوسطين منذ عشر سنوات بأسلوب محادثة مريح.';
    for (const make of MARKUP) {
      for (const payload of [{ bio: make(bio) }, { about: make(about) }]) {
        const res = await put(payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().code).toBe('text-invalid-html');
      }
    }
    const res = await put({ bio: hostile(bio), about: hostile(about) });
    expect(res.statusCode).toBe(200);
    expect(res.json().tutor).toMatchObject({ bio, about });
  });

  it('a report’s title: markup refused, hidden characters stripped; the staff reply’s e-mail is clean', async () => {
    const reporter = await loginAs(app, Role.Student);
    const post = (title: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/report',
        headers: reporter.auth,
        payload: { title, description: 'انقطع الصوت في منتصف الدرس' },
      });
    const title = 'الصوت لا يعمل';
    for (const make of MARKUP) {
      const res = await post(make(title));
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('text-invalid-html');
    }
    const res = await post(hostile(title));
    expect(res.statusCode).toBe(200);
    const report = res.json() as { id: number; title: string };
    expect(report.title).toBe(title);

    // A title stored before the rule still reaches the reporter's e-mail without its override.
    await app.db
      .update(reports)
      .set({ title: `\u202e${title}\u2066` })
      .where(eq(reports.id, report.id));
    const staff = await loginAs(app, Role.RegularAdmin);
    const reply = await app.inject({
      method: 'POST',
      url: '/api/v1/report/reply',
      headers: staff.auth,
      payload: { reportId: report.id, text: hostile('سنراجع الأمر ونعود إليك') },
    });
    expect(reply.statusCode).toBe(200);
    let mail = await lastMessageTo(app.db, reporter.user.email);
    for (let wait = 0; !mail && wait < 50; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      mail = await lastMessageTo(app.db, reporter.user.email);
    }
    expect(mail).not.toBeNull();
    // Overrides, isolates and controls are gone; the direction marks our own dates carry may stay.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters that must not be there.
    const unsafe = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u200b\u202a-\u202e\u2066-\u2069\ufeff]/;
    for (const part of [mail!.subject, mail!.text, mail!.html]) {
      expect(part).not.toMatch(unsafe);
    }
    expect(mail!.text).toContain(`«${title}»`);
    expect(mail!.text).toContain('سنراجع الأمر ونعود إليك');
  });

  it('a rating’s text: markup refused, hidden characters stripped', async () => {
    const tutor = await createListedTutor(app.db);
    const student = await loginAs(app, Role.Student);
    await createLesson(app.db, {
      tutorId: tutor.id,
      studentId: student.user.id,
      start: new Date(Date.now() - 3 * 60 * 60 * 1000),
    });
    const post = (text: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/rating/',
        headers: student.auth,
        payload: { rateeId: tutor.id, value: 5, text },
      });
    const text = 'مدرس ممتاز وصبور';
    for (const make of MARKUP) {
      const res = await post(make(text));
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('text-invalid-html');
    }
    const res = await post(hostile(text));
    expect(res.statusCode).toBe(200);
    expect(res.json().text).toBe(text);
  });
});
