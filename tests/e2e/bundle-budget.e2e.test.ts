import { beforeAll, describe, expect, inject, it } from 'vitest';
import { FIRST_SCREENS, formatKb, measureScreen } from '../../scripts/lib/bundle-budget.ts';
import { buildFrontEnds } from '../../scripts/lib/front-ends.ts';

/**
 * Issue 16: what each first screen downloads (JavaScript and CSS, gzip level 9) stays within its budget.
 * A size is a fact of the build, not a timing, so this needs no browser: it reads the built `dist/`
 * folders. The e2e global setup builds them before it starts the servers; without Chromium it does
 * neither, and this file builds what is stale itself (never while the servers serve those folders).
 * `npm run bundle:report` prints the same figures with what each screen is made of.
 */
describe('first-load budget', () => {
  beforeAll(() => {
    if (inject('e2eSkip')) {
      buildFrontEnds({ quiet: true, apps: ['web', 'admin'] });
    }
  }, 180_000);

  it.each(FIRST_SCREENS)('the $app $name screen ($path) downloads at most its budget', (screen) => {
    const load = measureScreen(screen);
    const files = [...load.files]
      .sort((a, b) => b.gzip - a.gzip)
      .map((file) => `${formatKb(file.gzip)} ${file.file}`)
      .join('\n');
    expect(
      load.gzip,
      `${formatKb(load.gzip)} over ${formatKb(screen.budget)}:\n${files}`,
    ).toBeLessThanOrEqual(screen.budget);
  });
});
