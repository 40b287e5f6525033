import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  CONTRACT_SCHEMAS,
  type ContractApp,
  FIRST_SCREEN_CONTRACT,
} from '../../packages/client/src/api/contract-names.ts';
import {
  CHUNK_MODULES_FILE,
  type FirstLoad,
  RESPONSE_HEADER_BYTES,
} from '../../packages/ui/src/build/first-load.ts';
import { precompressDirectory } from '../../packages/ui/src/build/precompress.ts';
import {
  distOf,
  FIRST_SCREENS,
  type FirstScreen,
  formatKb,
  measureScreen,
} from '../../scripts/lib/bundle-budget.ts';
import { buildFrontEnds } from '../../scripts/lib/front-ends.ts';

/**
 * Issues 16 and 26: what each first screen downloads stays within its budgets: its JavaScript and CSS
 * gzip level 9, the number of those requests and, for the signed-in screens, the bytes transferred
 * (brotli bodies as sent, with headers: decision 29); and none of those files leaves uncompressed.
 * A size is a fact of the build, not a timing, so this needs no browser: it reads the built `dist/`
 * folders. The e2e global setup builds them before it starts the servers; without Chromium it does
 * neither, and this file builds what is stale itself (never while the servers serve those folders).
 * `npm run bundle:report` prints the same figures with what each screen is made of.
 */
describe('first-load budget', () => {
  const loads = new Map<FirstScreen, FirstLoad>();
  const load = (screen: FirstScreen) => {
    const measured = loads.get(screen) ?? measureScreen(screen);
    loads.set(screen, measured);
    return measured;
  };
  const listing = (measured: FirstLoad) =>
    [...measured.files]
      .sort((a, b) => b.gzip - a.gzip)
      .map((file) => `${formatKb(file.gzip)} gzip, ${formatKb(file.sent)} sent: ${file.file}`)
      .join('\n');
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'first-load-'));

  beforeAll(() => {
    if (inject('e2eSkip')) {
      buildFrontEnds({ quiet: true, apps: ['web', 'admin'] });
    }
  }, 180_000);
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it.each(FIRST_SCREENS)('the $app $name screen ($path) downloads at most its gzip budget', (screen) => {
    const measured = load(screen);
    expect(
      measured.gzip,
      `${formatKb(measured.gzip)} over ${formatKb(screen.budget)}:\n${listing(measured)}`,
    ).toBeLessThanOrEqual(screen.budget);
  });

  it.each(FIRST_SCREENS)('the $app $name screen ($path) makes at most its requests', (screen) => {
    const measured = load(screen);
    const requests = [...measured.files.map((file) => file.file), ...measured.serverWritten];
    expect(
      measured.requests,
      `${measured.requests} JavaScript and CSS requests, over ${screen.requests}:\n${requests.join('\n')}`,
    ).toBeLessThanOrEqual(screen.requests);
  });

  it.each(FIRST_SCREENS.filter((screen) => screen.transfer !== null))(
    'the $app $name screen ($path) transfers at most its budget',
    (screen) => {
      const measured = load(screen);
      const budget = screen.transfer ?? 0;
      expect(
        measured.transfer,
        `${formatKb(measured.transfer)} transferred (${formatKb(measured.brotli)} brotli in ${measured.requests} requests), over ${formatKb(budget)}:\n${listing(measured)}`,
      ).toBeLessThanOrEqual(budget);
    },
  );

  /**
   * Every file has the `.br` twin the server sends (and its `.gz`), except where precompress.ts
   * itself leaves a file as it is (it skips files too small to gain from it): those are compressed
   * here again to tell a stale or broken build from the compressor's own choice.
   */
  it.each(FIRST_SCREENS)('the $app $name screen ($path) downloads no file uncompressed', (screen) => {
    const uncompressed = load(screen)
      .files.filter((file) => !file.precompressed)
      .map((file) => file.file)
      .filter((file) => {
        const copy = path.join(mkdtempSync(path.join(scratch, 'file-')), path.basename(file));
        copyFileSync(path.join(distOf(screen.app), file), copy);
        precompressDirectory(path.dirname(copy));
        return existsSync(`${copy}.br`);
      });
    expect(uncompressed, 'files the build should have precompressed').toEqual([]);
  });

  /**
   * The pages visitors land on run no zod (issue 26): building the domain's schemas when the module
   * loads cost a phone some 230 ms of main thread on the tutor's profile. The domain marks its schemas
   * pure so that the bundler drops those a screen never uses; a new schema built with an unmarked call
   * (`X.optional()` at module level) would bring zod back, and this says which chunk it landed in.
   * Signed-in homes run none either: answers and live events are checked against the contract's JSON
   * Schema (`@hiwar/client` contract-plugin.ts), and a constant a home reads lives in a module without
   * schemas (`*.event-names.ts`), since a module a screen reads anything from comes whole.
   */
  const LANDING = [
    'web guest home',
    'web tutors directory',
    'web tutor profile',
    'admin sign-in',
    'web student home',
    'web tutor home',
    'admin home',
  ];
  it.each(FIRST_SCREENS.filter((screen) => LANDING.includes(`${screen.app} ${screen.name}`)))(
    'the $app $name screen ($path) loads no zod',
    (screen) => {
      const modules = JSON.parse(
        readFileSync(path.join(distOf(screen.app), CHUNK_MODULES_FILE), 'utf8'),
      ) as Record<string, string[]>;
      const withZod = load(screen)
        .files.map((file) => file.file)
        .filter((file) => (modules[file] ?? []).some((module) => module.includes('/node_modules/zod/')));
      expect(withZod, 'chunks of this screen holding zod').toEqual([]);
    },
  );

  /**
   * Decision 36: a signed-in first screen loads the part of the contract its app's first screens check
   * (`FIRST_SCREEN_CONTRACT`, contract-names.ts); the rest loads on the first check of one of its
   * schemas. Every schema the code of those screens names (`contract.LessonSchema`, kept by the
   * minifier as a property) is in that part, or the screen would fetch the rest as it starts; and the
   * part names none of them leaves unnamed, or the screens would download checks they never make.
   */
  it.each(['web', 'admin'] as const satisfies readonly ContractApp[])(
    "the %s app's first part of the contract is what its signed-in first screens check",
    (app) => {
      const contractNames = new Set<string>(CONTRACT_SCHEMAS);
      const named = new Set<string>();
      const signedIn = FIRST_SCREENS.filter(
        (screen) =>
          screen.app === app && screen.modules.includes('packages/client/src/api/contract-module.ts'),
      );
      expect(signedIn.length).toBeGreaterThan(0);
      for (const screen of signedIn) {
        for (const { file } of load(screen).files.filter((each) => each.file.endsWith('.js'))) {
          const code = readFileSync(path.join(distOf(app), file), 'utf8');
          for (const [, name] of code.matchAll(/\.([A-Z]\w*Schema)\b/g)) {
            if (name && contractNames.has(name)) {
              named.add(name);
            }
          }
        }
      }
      expect([...named].sort(), 'FIRST_SCREEN_CONTRACT in contract-names.ts').toEqual(
        [...FIRST_SCREEN_CONTRACT[app]].sort(),
      );
    },
  );

  /**
   * The transfer counts {@link RESPONSE_HEADER_BYTES} per request: the real server's headers for a
   * script and a stylesheet of the build stay within it (the headers as they come off the socket).
   */
  it.skipIf(inject('e2eSkip') !== '')(
    'the server sends a file with no more header bytes than counted',
    async () => {
      const web = inject('webUrl');
      const index = await (await fetch(`${web}/`)).text();
      const files = [...index.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map(
        (match) => match[1],
      );
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) {
        const head = await new Promise<string>((resolve, reject) => {
          const call = request(`${web}${file}`, { headers: { 'accept-encoding': 'br' } }, (res) => {
            const lines = [`HTTP/1.1 ${res.statusCode} ${res.statusMessage}`];
            for (let i = 0; i < res.rawHeaders.length; i += 2) {
              lines.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
            }
            res.resume();
            resolve(`${lines.join('\r\n')}\r\n\r\n`);
          });
          call.on('error', reject);
          call.end();
        });
        expect(Buffer.byteLength(head), `${file}:\n${head}`).toBeLessThanOrEqual(RESPONSE_HEADER_BYTES);
      }
    },
  );
});
