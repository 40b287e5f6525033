import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../../apps/server/src/config.ts';
import { freePort } from '../../apps/server/src/db/embedded.ts';
import { ensureDatabase } from '../../apps/server/src/db/migrate.ts';
import { findUserByEmail } from '../../apps/server/src/modules/users/users.repository.ts';
import { startHiwar } from '../../apps/server/src/server.ts';
import { buildFrontEnds } from '../../scripts/lib/front-ends.ts';
import { chromiumPath } from './chromium.ts';
import { demo } from './demo-accounts.ts';

/** The demo RegularAdmin (tests/e2e/sign-in.ts `demo.admin`), whose token makes fixtures. */
const FIXTURE_STAFF_EMAIL = 'admin@hiwar.test';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Why the browser journeys are skipped on this machine, or '' when they run. */
    e2eSkip: string;
    webUrl: string;
    adminUrl: string;
    landingUrl: string;
    /**
     * A RegularAdmin's token for making fixtures through the API (students made by staff): staff are
     * exempt from the sign-up and mail limits every journey's own requests share on 127.0.0.1.
     */
    staffToken: string;
    /**
     * A token for each demo account (e-mail → token), so the journeys' API calls as a demo account do
     * not each sign in: sign-ins are limited per address and account (10 in 15 minutes), and the
     * journeys all come from 127.0.0.1 (api.ts `login` falls back to signing in once one is revoked).
     */
    demoTokens: Record<string, string>;
  }
}

/**
 * Once per run: the whole product as `npm start` runs it (built front ends, API, realtime, admin
 * and landing servers, demo data) on free ports and a throw-away database.
 */
export default async function setup(project: TestProject) {
  const browser = chromiumPath();
  if (!browser) {
    const reason = 'Chromium not found (install Debian package "chromium"); browser journeys skipped.';
    if (process.env.REQUIRE_E2E === '1') {
      throw new Error(`REQUIRE_E2E=1 but ${reason}`);
    }
    console.warn(`\n[e2e] ${reason}\n`);
    project.provide('e2eSkip', reason);
    project.provide('webUrl', '');
    project.provide('adminUrl', '');
    project.provide('landingUrl', '');
    project.provide('staffToken', '');
    project.provide('demoTokens', {});
    return;
  }
  buildFrontEnds({ quiet: true });
  const [port, adminPort, landingPort] = [await freePort(), await freePort(), await freePort()];
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hiwar-e2e-'));
  const env: NodeJS.ProcessEnv = {
    APP_SERVER: 'local',
    PORT: String(port),
    ADMIN_PORT: String(adminPort),
    LANDING_PORT: String(landingPort),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    // `/dev/clock`: journeys that need time to pass move the server's clock (tests/e2e/clock.ts).
    DEV_CLOCK: '1',
  };
  if (process.env.TEST_DATABASE_URL) {
    env.DATABASE_URL = await ensureDatabase(
      process.env.TEST_DATABASE_URL,
      `hiwar_e2e_${Date.now().toString(36)}`,
    );
  }
  const hiwar = await startHiwar(loadConfig(env), { embeddedPersistent: false });
  project.provide('e2eSkip', '');
  project.provide('webUrl', hiwar.urls.web);
  project.provide('adminUrl', hiwar.urls.admin ?? '');
  project.provide('landingUrl', hiwar.urls.landing ?? '');
  const fixtureStaff = await findUserByEmail(hiwar.app.db, FIXTURE_STAFF_EMAIL);
  if (!fixtureStaff) {
    throw new Error(`the demo data has no ${FIXTURE_STAFF_EMAIL}`);
  }
  project.provide('staffToken', await hiwar.app.sessions.issue(fixtureStaff));
  const demoTokens: Record<string, string> = {};
  for (const email of Object.values(demo)) {
    const user = await findUserByEmail(hiwar.app.db, email);
    if (user) {
      demoTokens[email] = await hiwar.app.sessions.issue(user);
    }
  }
  project.provide('demoTokens', demoTokens);
  return async () => {
    await hiwar.close();
  };
}
