import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LeadSourceStatsSchema, Role, UNKNOWN_LEAD_SOURCE_LIMITS } from '@hiwar/domain';
import { asc, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { unknownLeadSourceVisits } from '../../db/schema.ts';
import type { RuntimeConfig } from '../../plugins/static-app.ts';
import { SITE_MANIFEST_FILE, type SiteManifest } from '../../plugins/static-site.ts';
import { buildLandingServer } from '../../static/landing-site.ts';
import { buildTestApp } from '../../testing/app.ts';
import { loginAs } from '../../testing/factories.ts';
import { at, DAY, T0 } from '../../testing/time.ts';
import { createLeadSourcesService } from './lead-sources.service.ts';

const WEB = 'https://app.hiwar.example';
const PLACEHOLDER = 'https://web.placeholder.invalid';
const STATS = '/api/v1/stats/lead-sources';
const runtime: RuntimeConfig = {
  apiUrl: WEB,
  socketUrl: WEB,
  appServer: 'production',
  webUrl: `${WEB}/`,
  adminUrl: 'https://admin.hiwar.example',
  landingUrl: 'https://hiwar.example',
  googleClientId: null,
  telegramBotUrl: null,
};

/** A built landing site in a temporary folder: a home page, a 404 and the `/url/sfb` redirect. */
function writeSite(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'hiwar-leads-'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>home</title>');
  writeFileSync(path.join(root, '404.html'), '<!doctype html><title>missing</title>');
  const manifest: SiteManifest = {
    pages: { '/': 'index.html' },
    notFound: '404.html',
    documents: {},
    redirects: { '/url/sfb': `${PLACEHOLDER}/register/student?source=sfb` },
    origins: { [PLACEHOLDER]: 'webUrl' },
  };
  writeFileSync(path.join(root, SITE_MANIFEST_FILE), JSON.stringify(manifest));
  return root;
}

/** Small limits, so the bounds are reached in a test. */
const LIMITS = { ...UNKNOWN_LEAD_SOURCE_LIMITS, namesPerDay: 4, visitsPerMinute: 5 };

/**
 * Issue 27: `/url/{name}` with a name the site does not know goes to the web app's home page and is
 * counted per name and Cairo day, within bounds; admins read the counts per week on the dashboard.
 * The clock is T0, Monday 1 March 2027 in Cairo: this product week began on Saturday 27 February.
 */
describe('unknown lead-source links', async () => {
  let now = at(0);
  const { app } = await buildTestApp({ deps: { clock: () => now } });
  const root = writeSite();
  let landing: FastifyInstance;
  let address = 0;

  /** A landing server counting through a fresh service (fresh per-address allowances). */
  async function serveLanding() {
    await landing?.close();
    const leadSources = createLeadSourcesService({ db: app.db, clock: () => now, limits: LIMITS });
    landing = await buildLandingServer(runtime, root, {
      recordUnknownLeadSource: (name, from) => leadSources.recordUnknownVisit(name, from),
    });
  }
  await serveLanding();

  afterAll(async () => {
    await landing.close();
    rmSync(root, { recursive: true, force: true });
  });

  beforeEach(async () => {
    now = at(0);
    await app.db.delete(unknownLeadSourceVisits);
    await serveLanding();
  });

  /** A visit from its own address unless told one. */
  const visit = (url: string, from = `10.0.0.${++address % 250}`) =>
    landing.inject({ method: 'GET', url, remoteAddress: from });
  const rows = () =>
    app.db
      .select()
      .from(unknownLeadSourceVisits)
      .orderBy(asc(unknownLeadSourceVisits.day), asc(unknownLeadSourceVisits.name));

  describe('visiting /url/{name}', () => {
    it('sends an unknown name to the web home page and counts it by name and Cairo day', async () => {
      for (const url of ['/url/promo-x', '/url/promo-x/', '/url/PROMO-X']) {
        const res = await visit(url);
        expect(res.statusCode, url).toBe(302);
        expect(res.headers.location).toBe(`${WEB}/`);
        expect(res.headers['cache-control']).toBe('no-store');
      }
      const head = await landing.inject({ method: 'HEAD', url: '/url/promo-x' });
      expect(head.statusCode).toBe(302);
      now = at(DAY);
      await visit('/url/promo-x');
      expect(await rows()).toEqual([
        { name: 'promo-x', day: '2027-03-01', visits: 3, lastVisitAt: at(0) },
        { name: 'promo-x', day: '2027-03-02', visits: 1, lastVisitAt: at(DAY) },
      ]);
    });

    it('sends the known links to the sign-up with their source, and counts nothing', async () => {
      for (const [url, source] of [
        ['/url/sfb', 'sfb'],
        ['/url/SFB', 'sfb'],
        ['/url/Wa/', 'wa'],
      ]) {
        const res = await visit(url as string);
        expect(res.statusCode, url).toBe(302);
        expect(res.headers.location).toBe(`${WEB}/register/student?source=${source}`);
      }
      expect(await rows()).toEqual([]);
    });

    it('sends any other name home without recording it, and never answers 5xx', async () => {
      for (const url of [
        `/url/${'a'.repeat(UNKNOWN_LEAD_SOURCE_LIMITS.nameMax + 1)}`,
        '/url/a%20b',
        '/url/%3Cscript%3Ealert(1)%3C%2Fscript%3E',
        '/url/%D9%81%D9%8A%D8%B3',
        '/url/a/b',
        '/url/a.b',
        '/url/%00',
        `/url/${'x/'.repeat(2_000)}`,
        '/url/..%2f..%2fetc%2fpasswd',
      ]) {
        const res = await visit(url);
        expect(res.statusCode, url).toBe(302);
        expect(res.headers.location, url).toBe(`${WEB}/`);
      }
      // Not even a path (its percent-encoding is broken): a plain 400, never a 5xx.
      const broken = await visit('/url/%ff%fe');
      expect(broken.statusCode).toBe(400);
      expect(await rows()).toEqual([]);
    });

    it('counts a new name only while the day has room, and always a name it has', async () => {
      for (const name of ['n1', 'n2', 'n3', 'n4', 'n5']) {
        expect((await visit(`/url/${name}`)).headers.location).toBe(`${WEB}/`);
      }
      await visit('/url/n1');
      expect((await rows()).map((row) => [row.name, row.visits])).toEqual([
        ['n1', 2],
        ['n2', 1],
        ['n3', 1],
        ['n4', 1],
      ]);
      // The next day has room again.
      now = at(DAY);
      await visit('/url/n5');
      expect((await rows()).at(-1)).toMatchObject({ name: 'n5', day: '2027-03-02', visits: 1 });
    });

    it('never records more names in a day than allowed, under concurrent visits', async () => {
      const names = Array.from({ length: 12 }, (_, index) => `burst-${index}`);
      const answers = await Promise.all(names.map((name) => visit(`/url/${name}`)));
      expect(answers.every((res) => res.statusCode === 302)).toBe(true);
      expect(await rows()).toHaveLength(LIMITS.namesPerDay);
    });

    it('counts one address only so often a minute', async () => {
      for (let index = 0; index < LIMITS.visitsPerMinute + 3; index += 1) {
        expect((await visit('/url/hammer', '10.9.9.9')).statusCode).toBe(302);
      }
      await visit('/url/hammer', '10.9.9.10');
      expect((await rows()).map((row) => row.visits)).toEqual([LIMITS.visitsPerMinute + 1]);
    });

    it('drops days older than it keeps when a new name arrives', async () => {
      await app.db.insert(unknownLeadSourceVisits).values([
        { name: 'ancient', day: '2025-01-01', visits: 9, lastVisitAt: new Date('2025-01-01T10:00:00Z') },
        { name: 'recent', day: '2027-01-01', visits: 2, lastVisitAt: new Date('2027-01-01T10:00:00Z') },
      ]);
      await visit('/url/fresh');
      expect((await rows()).map((row) => row.name)).toEqual(['recent', 'fresh']);
    });

    it('still sends the visitor home when counting fails', async () => {
      const broken = await buildLandingServer(runtime, root, {
        recordUnknownLeadSource: () => Promise.reject(new Error('database down')),
      });
      const res = await broken.inject({ method: 'GET', url: '/url/anything' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(`${WEB}/`);
      await broken.close();
    });
  });

  describe('GET /api/v1/stats/lead-sources', async () => {
    const superAdmin = await loginAs(app, Role.SuperAdmin);
    const regularAdmin = await loginAs(app, Role.RegularAdmin);
    const get = (url: string, auth?: { authorization: string }) =>
      app.inject({ method: 'GET', url, headers: auth ?? {} });

    it('lists each unknown name with its visits per week, the most visited first', async () => {
      await app.db.insert(unknownLeadSourceVisits).values([
        // This week (from Saturday 27 February), last week, and nine weeks ago (outside 8 weeks).
        { name: 'promo-x', day: '2027-03-01', visits: 3, lastVisitAt: at(-1000) },
        { name: 'promo-x', day: '2027-02-27', visits: 2, lastVisitAt: at(-2 * DAY) },
        { name: 'promo-x', day: '2027-02-20', visits: 4, lastVisitAt: at(-9 * DAY) },
        { name: 'tv', day: '2027-02-26', visits: 1, lastVisitAt: at(-3 * DAY) },
        { name: 'gone', day: '2026-12-26', visits: 50, lastVisitAt: at(-65 * DAY) },
      ]);
      for (const auth of [superAdmin.auth, regularAdmin.auth]) {
        const res = await get(STATS, auth);
        expect(res.statusCode).toBe(200);
        const body = LeadSourceStatsSchema.parse(res.json());
        expect(body.weeks).toHaveLength(8);
        expect(body.weeks.at(-1)).toBe('2027-02-26T22:00:00.000Z');
        expect(body.generatedAt).toBe(T0.toISOString());
        expect(body.unknown).toEqual([
          {
            name: 'promo-x',
            series: [0, 0, 0, 0, 0, 0, 4, 5],
            total: 9,
            lastVisitAt: at(-1000).toISOString(),
          },
          { name: 'tv', series: [0, 0, 0, 0, 0, 0, 1, 0], total: 1, lastVisitAt: at(-3 * DAY).toISOString() },
        ]);
      }
      const longer = (await get(`${STATS}?weeks=12`, superAdmin.auth)).json();
      expect(longer.unknown.map((entry: { name: string }) => entry.name)).toEqual(['gone', 'promo-x', 'tv']);
    });

    it('answers an empty list when nothing was visited', async () => {
      const res = await get(STATS, superAdmin.auth);
      expect(res.statusCode).toBe(200);
      expect(res.json().unknown).toEqual([]);
    });

    it.each(['1', '27', 'abc', '2.5', '-3'])('refuses weeks=%s with bad-request', async (weeks) => {
      const res = await get(`${STATS}?weeks=${weeks}`, superAdmin.auth);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('bad-request');
    });

    it('is for admins only, checked before the query', async () => {
      const anonymous = await get(`${STATS}?weeks=abc`);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().code).toBe('unauthenticated');
      for (const role of [Role.Student, Role.Tutor, Role.TutorManager, Role.Studio]) {
        const caller = await loginAs(app, role);
        const res = await get(`${STATS}?weeks=abc`, caller.auth);
        expect(res.statusCode, String(role)).toBe(403);
        expect(res.json().code).toBe('forbidden');
      }
    });

    it('is documented with its answer and its error codes', async () => {
      const document = app.swagger() as {
        paths: Record<string, { get?: { responses: Record<string, unknown> } }>;
      };
      const operation = document.paths[STATS]?.get;
      expect(Object.keys(operation?.responses ?? {})).toEqual(
        expect.arrayContaining(['200', '400', '401', '403']),
      );
    });
  });

  it('keeps names in the database plain and short, whatever writes them', async () => {
    for (const name of ['Upper', 'a b', '', 'x'.repeat(33)]) {
      await expect(
        app.db.execute(
          sql`INSERT INTO unknown_lead_source_visits (name, day, last_visit_at) VALUES (${name}, '2027-03-01', now())`,
        ),
      ).rejects.toThrow();
    }
  });
});
