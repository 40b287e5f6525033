import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, expect } from 'vitest';

/**
 * axe-core inside the journeys (issue 15): `audit(page, label)` checks the screen as it stands, in
 * the light and in the dark theme, and records every violation. A violation of impact critical,
 * serious or moderate fails the test file (after all its tests ran, so one run lists them all);
 * minor ones are only counted. Counts per app go to `.tmp/a11y/<file>.json` for the note.
 *
 * axe is evaluated through the DevTools protocol (`page.evaluate`), which the apps' CSP does not
 * govern: a `<script>` tag would be refused, and rightly so.
 */

type Impact = 'minor' | 'moderate' | 'serious' | 'critical';
type AxeNode = { target: string[]; failureSummary?: string; html: string };
type AxeViolation = { id: string; impact: Impact | null; help: string; nodes: AxeNode[] };

export type AuditRecord = {
  app: string;
  label: string;
  theme: 'light' | 'dark';
  url: string;
  violations: { id: string; impact: Impact | null; help: string; targets: string[] }[];
};

const failing: Impact[] = ['critical', 'serious', 'moderate'];
const records: AuditRecord[] = [];

let axeSource: string | undefined;
function axe(): string {
  if (!axeSource) {
    const require = createRequire(import.meta.url);
    axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  }
  return axeSource;
}

function appOf(url: string): string {
  try {
    const port = new URL(url).port;
    for (const [name, base] of Object.entries(appUrls)) {
      if (base && new URL(base).port === port) {
        return name;
      }
    }
  } catch {
    // not a URL: about:blank and the like
  }
  return 'other';
}

const appUrls: Record<string, string> = {};
/** browser.ts tells which origin is which app, so records carry the app's name. */
export function registerApps(urls: Record<string, string>) {
  Object.assign(appUrls, urls);
}

async function runAxe(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => typeof (window as { axe?: unknown }).axe !== 'undefined');
  if (!loaded) {
    await page.evaluate(axe());
  }
  return page.evaluate(async () => {
    const w = window as unknown as {
      axe: {
        run: (
          context: unknown,
          options: unknown,
        ) => Promise<{
          violations: {
            id: string;
            impact: string | null;
            help: string;
            nodes: { target: string[]; html: string; failureSummary?: string }[];
          }[];
        }>;
      };
    };
    const result = await w.axe.run(document, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
      },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({
        target: n.target.map(String),
        html: n.html.slice(0, 200),
        failureSummary: n.failureSummary,
      })),
    }));
  }) as Promise<AxeViolation[]>;
}

async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate(async (value) => {
    document.documentElement.setAttribute('data-theme', value);
    document.documentElement.style.colorScheme = value;
    // Colour transitions would let axe read a colour half-way: finish them.
    await new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
    for (const animation of document.getAnimations()) {
      try {
        animation.finish();
      } catch {
        // infinite animations (spinners) cannot finish; they do not colour text
      }
    }
  }, theme);
}

/**
 * Audits the screen in both themes and restores the theme it found. Call it at each screen state
 * a journey reaches (page, open dialog, form with errors).
 */
export async function audit(page: Page, label: string): Promise<void> {
  await page.waitForLoadState('load');
  const original = await page.evaluate(() => document.documentElement.getAttribute('data-theme'));
  try {
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(page, theme);
      const violations = await runAxe(page);
      records.push({
        app: appOf(page.url()),
        label,
        theme,
        url: page.url(),
        violations: violations.map((v) => ({
          id: v.id,
          impact: v.impact,
          help: v.help,
          targets: v.nodes.map((n) =>
            `${n.target.join(' ')} ${n.failureSummary?.split('\n').slice(1, 2).join(' ') ?? ''}`.trim(),
          ),
        })),
      });
    }
  } finally {
    if (original) {
      await setTheme(page, original as 'light' | 'dark');
    }
  }
}

/** The records gathered so far in this file (for tests of the helper itself). */
export function auditRecords(): readonly AuditRecord[] {
  return records;
}

function summarise(file: string) {
  const counts: Record<string, Record<Impact, number> & { screens: number }> = {};
  for (const record of records) {
    const app = counts[record.app] ?? { screens: 0, minor: 0, moderate: 0, serious: 0, critical: 0 };
    counts[record.app] = app;
    app.screens += 1;
    for (const violation of record.violations) {
      app[violation.impact ?? 'minor'] += violation.targets.length;
    }
  }
  const dir = path.resolve(import.meta.dirname, '../../.tmp/a11y');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${path.basename(file)}.json`), JSON.stringify({ counts, records }, null, 2));
}

afterAll(() => {
  if (records.length === 0) {
    return;
  }
  summarise(expect.getState().testPath ?? 'unknown');
  const bad = records.flatMap((record) =>
    record.violations
      .filter((v) => v.impact && failing.includes(v.impact))
      .map(
        (v) =>
          `[${record.app} ${record.theme}] ${record.label} (${record.url}): ${v.impact} ${v.id}: ${v.help}\n    ${v.targets.slice(0, 5).join('\n    ')}`,
      ),
  );
  if (bad.length > 0) {
    throw new Error(
      `Accessibility violations (axe-core, critical/serious/moderate):\n${[...new Set(bad)].join('\n')}`,
    );
  }
});
