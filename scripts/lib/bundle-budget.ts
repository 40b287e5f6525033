import path from 'node:path';
import { type FirstLoad, measureFirstLoad } from '../../packages/ui/src/build/first-load.ts';
import { RUNTIME_CONFIG_FILE } from '../../packages/ui/src/build/vite-plugin.ts';
import { type FrontEnd, ROOT } from './front-ends.ts';

/**
 * Issue 16: the JavaScript and CSS of an app's first screen, gzip level 9, stays within this many
 * bytes (150 kB). Fonts and pictures are not counted; they load as the page paints.
 */
export const FIRST_LOAD_BUDGET = 150_000;

export type FirstScreen = {
  app: Extract<FrontEnd, 'web' | 'admin'>;
  /** How the report and the test name it. */
  name: string;
  path: string;
  /**
   * The code-split route modules React Router loads for this screen (keys of the build manifest),
   * beside what index.html loads; empty when the screen is in the entry chunk.
   */
  routeModules: readonly string[];
};

/** The screens a visit starts on: where guests land, and where signed-in users come back to. */
export const FIRST_SCREENS: readonly FirstScreen[] = [
  { app: 'web', name: 'guest home', path: '/', routeModules: [] },
  {
    app: 'web',
    name: 'student home',
    path: '/s/dashboard',
    routeModules: ['src/routes/lessons/student-dashboard-page.tsx'],
  },
  {
    app: 'web',
    name: 'tutor home',
    path: '/t/dashboard',
    routeModules: ['src/routes/tutor-dashboard/tutor-dashboard-page.tsx'],
  },
  { app: 'web', name: 'sign-in', path: '/login', routeModules: ['src/routes/account/login-page.tsx'] },
  { app: 'admin', name: 'sign-in', path: '/login', routeModules: ['src/routes/pages/login.page.tsx'] },
  {
    app: 'admin',
    name: 'home',
    path: '/',
    routeModules: ['src/components/admin-layout.tsx', 'src/routes/pages/dashboard.page.tsx'],
  },
];

export function distOf(app: FrontEnd): string {
  return path.join(ROOT, 'apps', app, 'dist');
}

export function measureScreen(screen: FirstScreen): FirstLoad {
  return measureFirstLoad(distOf(screen.app), {
    routeModules: screen.routeModules,
    serverWritten: [RUNTIME_CONFIG_FILE],
  });
}

export function formatKb(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`;
}
