import path from 'node:path';
import { type FirstLoad, measureFirstLoad } from '../../packages/ui/src/build/first-load.ts';
import { RUNTIME_CONFIG_FILE } from '../../packages/ui/src/build/vite-plugin.ts';
import { type FrontEnd, ROOT } from './front-ends.ts';

/**
 * Issue 16: the JavaScript and CSS an app's first screen downloads, gzip level 9, stays within 150 kB.
 * Fonts and pictures are not counted; they load as the page paints.
 */
export const ISSUE_BUDGET = 150_000;

export type FirstScreen = {
  app: Extract<FrontEnd, 'web' | 'admin'>;
  /** How the report and the test name it. */
  name: string;
  path: string;
  /**
   * Code-split modules (keys of the build manifest) the screen loads at once, beside what index.html
   * loads: its route modules, the signed-in parts of the layout, and the API contract a stored session
   * waits for before the first paint (packages/client/src/api/contract.ts).
   */
  modules: readonly string[];
  /**
   * The most the screen may download. {@link ISSUE_BUDGET} where it is met; a screen that does not
   * meet it yet has a ceiling just above what it weighs today, so it can only shrink (decision 0023).
   */
  budget: number;
};

/** What a signed-in visit of the web app loads with any screen. */
const WEB_SIGNED_IN = [
  '../../packages/client/src/api/contract-module.ts',
  'src/components/layout/live-events.tsx',
  'src/components/layout/account-dropdown.tsx',
  'src/features/account/components/require-auth.tsx',
];

/** The screens a visit starts on: where visitors land, and where signed-in users come back to. */
export const FIRST_SCREENS: readonly FirstScreen[] = [
  { app: 'web', name: 'guest home', path: '/', modules: [], budget: ISSUE_BUDGET },
  {
    app: 'web',
    name: 'student home',
    path: '/s/dashboard',
    modules: [...WEB_SIGNED_IN, 'src/routes/lessons/student-dashboard-page.tsx'],
    budget: 300_000,
  },
  {
    app: 'admin',
    name: 'sign-in',
    path: '/login',
    modules: ['src/routes/pages/login.page.tsx'],
    budget: 175_000,
  },
  {
    app: 'admin',
    name: 'home',
    path: '/',
    modules: [
      '../../packages/client/src/api/contract-module.ts',
      'src/components/admin-layout.tsx',
      'src/components/require-section.tsx',
      'src/routes/pages/dashboard.page.tsx',
    ],
    budget: 260_000,
  },
];

export function distOf(app: FrontEnd): string {
  return path.join(ROOT, 'apps', app, 'dist');
}

export function measureScreen(screen: FirstScreen): FirstLoad {
  return measureFirstLoad(distOf(screen.app), {
    routeModules: screen.modules,
    serverWritten: [RUNTIME_CONFIG_FILE],
  });
}

export function formatKb(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`;
}
