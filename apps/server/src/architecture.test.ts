import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './config.ts';

/**
 * Decision 0023: the server's imports run one way, packages → core (core/, db/, realtime/, config.ts)
 * → modules → wiring (plugins/, app.ts, server.ts, main.ts, static/, cli/, seed/), with test support
 * (testing/, *.fixtures.ts, tests) on top, and no file imports itself back, type-only imports included.
 * Biome holds both rules (biome.json: `noRestrictedImports` per layer, `noImportCycles`) in
 * `npm run lint`; here they run in `npm test` as well.
 */

const BIOME = path.join(REPO_ROOT, 'node_modules/.bin/biome');
const RULES = ['--only=suspicious/noImportCycles', '--only=style/noRestrictedImports'];

type Report = {
  summary: { errors: number; warnings: number };
  diagnostics: { category: string; message: string; location: { path: string; start: { line: number } } }[];
};

/** Biome's findings of the two rules in `paths`, as `file:line category` (and the message, on failure). */
function lint(cwd: string, paths: string[]): { findings: string[]; output: string } {
  const result = spawnSync(
    BIOME,
    ['lint', ...RULES, '--max-diagnostics=none', '--reporter=json', '--colors=off', ...paths],
    { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  const output = `${result.stdout}\n${result.stderr}`;
  const start = result.stdout.indexOf('{');
  if (start < 0) {
    throw new Error(`biome gave no report (exit ${result.status}):\n${output}`);
  }
  const report = JSON.parse(result.stdout.slice(start)) as Report;
  const findings = report.diagnostics.map(
    (item) => `${item.location.path}:${item.location.start.line} ${item.category}`,
  );
  // Each finding once, then each rule's advice once (the layer messages are long).
  const advice = [...new Set(report.diagnostics.map((item) => `${item.category}: ${item.message}`))];
  return { findings, output: findings.length > 0 ? [...findings, '', ...advice].join('\n') : output };
}

describe('one-way dependencies (decision 0023)', () => {
  it('hold in the server and the packages: no import crosses a layer upwards, no cycles', () => {
    const { findings, output } = lint(REPO_ROOT, ['apps/server/src', 'packages']);
    expect(findings, output).toEqual([]);
  }, 300_000);

  describe('the rules, on a copy of the old structure', () => {
    const temp = mkdtempSync(path.join(os.tmpdir(), 'hiwar-architecture-'));
    afterAll(() => rmSync(temp, { recursive: true, force: true }));

    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(temp, file)), { recursive: true });
      writeFileSync(path.join(temp, file), text);
    };

    it('report cycles (a type-only import too) and imports from a layer above', () => {
      // The project's own rules, outside git (so without its ignore file).
      const config = JSON.parse(readFileSync(path.join(REPO_ROOT, 'biome.json'), 'utf8')) as Record<
        string,
        unknown
      >;
      delete config.$schema;
      writeFileSync(path.join(temp, 'biome.json'), JSON.stringify({ ...config, vcs: { enabled: false } }));
      const src = 'apps/server/src';
      // The cycle issue 15 named: the reminders repository took a type back from the lessons one.
      write(
        `${src}/modules/lessons/lessons.repository.ts`,
        "import { reminderRows } from './lesson-reminders.repository.ts';\nexport type LessonRow = { id: number };\nexport const insertLesson = () => reminderRows({ id: 1 });\n",
      );
      write(
        `${src}/modules/lessons/lesson-reminders.repository.ts`,
        "import type { LessonRow } from './lessons.repository.ts';\nexport const reminderRows = (lesson: LessonRow) => [lesson.id];\n",
      );
      // A module's route helper from plugins/, and realtime (core) reading a token with a module's code.
      write(`${src}/plugins/rate-limit.ts`, 'export const limitBy = () => 1;\n');
      write(`${src}/modules/auth/token.ts`, 'export const bearerToken = () => null;\n');
      write(
        `${src}/modules/users/users.routes.ts`,
        "import { limitBy } from '../../plugins/rate-limit.ts';\nexport const routes = limitBy;\n",
      );
      write(
        `${src}/realtime/realtime.ts`,
        "import { bearerToken } from '../modules/auth/token.ts';\nexport const read = bearerToken;\n",
      );
      // Test support: used by tests and fixtures, never by the code they test.
      write(`${src}/testing/app.ts`, 'export const buildTestApp = () => 1;\n');
      write(
        `${src}/modules/users/users.fixtures.ts`,
        "import { buildTestApp } from '../../testing/app.ts';\nexport const fixture = buildTestApp;\n",
      );
      write(
        `${src}/modules/users/users.test.ts`,
        "import { limitBy } from '../../plugins/rate-limit.ts';\nimport { fixture } from './users.fixtures.ts';\nexport const both = [limitBy, fixture];\n",
      );
      write(
        `${src}/modules/users/users.service.ts`,
        "import { fixture } from './users.fixtures.ts';\nexport const service = fixture;\n",
      );

      const { findings, output } = lint(temp, [src]);
      expect(findings.sort(), output).toEqual([
        `${src}/modules/lessons/lesson-reminders.repository.ts:1 lint/suspicious/noImportCycles`,
        `${src}/modules/lessons/lessons.repository.ts:1 lint/suspicious/noImportCycles`,
        `${src}/modules/users/users.routes.ts:1 lint/style/noRestrictedImports`,
        `${src}/modules/users/users.service.ts:1 lint/style/noRestrictedImports`,
        `${src}/realtime/realtime.ts:1 lint/style/noRestrictedImports`,
      ]);
    }, 120_000);
  });
});
