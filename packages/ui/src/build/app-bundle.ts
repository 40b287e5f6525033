import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type FirstScreen, firstScreenChunks } from './chunk-plan.ts';
import { CHUNK_MODULES_FILE, MANIFEST_FILE, type ViteManifest } from './first-load.ts';

/**
 * What a stored session loads before or with its first paint, in either app: the stored user's check
 * (main.tsx waits for it), the current-user request (session.tsx) and the API contract its answer is
 * checked against (packages/client/src/api/contract.ts).
 */
const SIGNED_IN_SESSION = [
  'packages/client/src/api/endpoints/users.ts',
  'packages/client/src/api/contract-module.ts',
];

/**
 * What a signed-in visit of the web app loads with any screen: the session, the guard of the private
 * routes, the header's account button and the layout's live events with the realtime connection they
 * open at once (the WebSocket-only client; socket.io-client only where WebSocket cannot be opened). Not the account menu (`account-dropdown.tsx`): it loads when
 * its button is first pointed at, focused or pressed.
 */
const WEB_SIGNED_IN = [
  ...SIGNED_IN_SESSION,
  'packages/client/src/socket/lite-socket.ts',
  'apps/web/src/components/layout/live-events.tsx',
  'apps/web/src/components/layout/signed-in-account.tsx',
  'apps/web/src/features/account/components/require-auth.tsx',
];

/**
 * The screens visits start on: where visitors land (the web app's home, which `index.html` alone
 * draws; the tutors' directory, the marketing site's main link; the back office's sign-in) and where
 * signed-in users come back to (a student's and a tutor's home; staff's dashboard). Each list is what
 * Chromium fetches on a cold load of the screen until the network is idle (checked with the demo
 * accounts, `tests/e2e/bundle-budget.e2e.test.ts`).
 */
export const FIRST_SCREENS: readonly FirstScreen[] = [
  { app: 'web', name: 'guest home', path: '/', modules: [] },
  {
    app: 'web',
    name: 'tutors directory',
    path: '/tutors',
    modules: ['apps/web/src/routes/tutors/tutors-page.tsx'],
  },
  {
    app: 'web',
    name: 'tutor profile',
    path: '/t/:id',
    modules: ['apps/web/src/routes/tutors/tutor-profile-page.tsx'],
  },
  { app: 'web', name: 'sign-in', path: '/login', modules: ['apps/web/src/routes/account/login-page.tsx'] },
  {
    app: 'web',
    name: 'sign-up',
    path: '/register/student',
    modules: ['apps/web/src/routes/account/register-page.tsx'],
  },
  {
    app: 'web',
    name: 'student home',
    path: '/s/dashboard',
    modules: [...WEB_SIGNED_IN, 'apps/web/src/routes/lessons/student-dashboard-page.tsx'],
  },
  {
    app: 'web',
    name: 'tutor home',
    path: '/t/dashboard',
    modules: [...WEB_SIGNED_IN, 'apps/web/src/routes/tutor-dashboard/tutor-dashboard-page.tsx'],
  },
  { app: 'admin', name: 'sign-in', path: '/login', modules: ['apps/admin/src/routes/pages/login.page.tsx'] },
  {
    app: 'admin',
    name: 'home',
    path: '/',
    modules: [
      ...SIGNED_IN_SESSION,
      'apps/admin/src/components/admin-layout.tsx',
      'apps/admin/src/components/require-section.tsx',
      'apps/admin/src/routes/pages/dashboard.page.tsx',
    ],
  },
];

/** What rolldown hands `generateBundle` (the part this file reads). */
type Bundle = Record<
  string,
  { type: 'chunk'; fileName: string; moduleIds: string[]; facadeModuleId: string | null } | { type: 'asset' }
>;
type BundleContext = {
  emitFile(file: { type: 'asset'; fileName: string; source: string }): string;
  getModuleInfo(id: string): { dynamicImporters: readonly string[] } | null;
};

/**
 * Indexes the build's chunks by the modules in them:
 * - writes {@link CHUNK_MODULES_FILE}: each chunk with the source modules bundled into it, as paths
 *   relative to the app, as the Vite manifest names them. The first-load measure (first-load.ts) finds
 *   any module there, even one that only re-exports (a source map does not list it);
 * - adds to Vite's manifest each lazily imported module that a chunk group put into a shared chunk, as
 *   that chunk: the manifest names a chunk only by the module it was built for, and whoever reads it
 *   for a route module (the server's preloads of a server-rendered page, the first-load measure) would
 *   find nothing.
 */
export function chunkIndexPlugin() {
  const lazyInShared = new Map<string, string>();
  let appRoot = '';
  const relative = (id: string) => path.relative(appRoot, id).split(path.sep).join('/');
  return {
    name: 'hiwar-chunk-index',
    generateBundle(this: BundleContext, options: { dir?: string }, bundle: Bundle) {
      appRoot = path.dirname(path.resolve(options.dir ?? 'dist'));
      lazyInShared.clear();
      const chunks: Record<string, string[]> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') {
          continue;
        }
        const ids = chunk.moduleIds.filter((id) => !id.startsWith('\0'));
        chunks[chunk.fileName] = ids.map(relative).sort();
        for (const id of ids) {
          if (id !== chunk.facadeModuleId && (this.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0) {
            lazyInShared.set(relative(id), chunk.fileName);
          }
        }
      }
      this.emitFile({
        type: 'asset',
        fileName: CHUNK_MODULES_FILE,
        source: `${JSON.stringify(chunks, null, 1)}\n`,
      });
    },
    writeBundle(options: { dir?: string }) {
      const manifestFile = path.join(path.resolve(options.dir ?? 'dist'), MANIFEST_FILE);
      if (!existsSync(manifestFile) || lazyInShared.size === 0) {
        return;
      }
      const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as ViteManifest;
      const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
      for (const [module, file] of lazyInShared) {
        const chunk = manifest[keyOfFile.get(file) ?? ''];
        if (chunk && !manifest[module]) {
          manifest[module] = { ...chunk, src: module, isDynamicEntry: true };
        }
      }
      writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
    },
  };
}

const screenChunks = firstScreenChunks(FIRST_SCREENS);

/**
 * Bundling options of the React apps (`build.rolldownOptions`), so that a screen downloads only what it
 * runs (issue 16, first-load budget) in few requests (issue 26):
 * - tree-shaking: the monorepo's own modules have no side effects on import (only stylesheets do), so a
 *   module reached through a barrel (`features/chat/index.ts`, `@hiwar/domain`) whose exports go unused
 *   is left out; building a zod schema and the domain's frozen constants count as pure, so an unused
 *   schema never keeps zod. That covers calls starting at `z` only: in the domain's source, a schema
 *   built at module level from another (`IdSchema.optional()`, `PageQuerySchema.extend(…)`) is
 *   annotated `@__PURE__`, and the helpers that build schemas (`pagedSchema`, `bioSchema`…)
 *   `@__NO_SIDE_EFFECTS__`. Dependencies keep their own `package.json` `sideEffects`;
 * - chunking: everything the entry imports statically goes into one chunk (`app`). Left to itself the
 *   bundler spreads the first screen over dozens of small chunks shared with lazy routes, and the
 *   import/export glue between them weighed more than several of the modules themselves. Then the code
 *   each first screen loads lazily goes into a chunk per set of first screens running it
 *   ({@link firstScreenChunks}); the rest is chunked by the bundler.
 */
export const appRolldownOptions = {
  plugins: [screenChunks.plugin, chunkIndexPlugin()],
  treeshake: {
    moduleSideEffects: (id: string, external: boolean): boolean | undefined => {
      if (external || id.includes('/node_modules/')) {
        return undefined;
      }
      return /\.css($|\?)/.test(id);
    },
    manualPureFunctions: ['z', 'Object.freeze', 'deepFreeze', 'enumValues'],
  },
  output: {
    // V8's explicit compile hint (Chrome 136+) on the entry chunk: compile all its functions on the
    // thread that streams the file in, not lazily on the main thread as the page starts. React DOM
    // comes wrapped as CommonJS (one function the size of the library), whose first call cost a phone's
    // main thread a full parse of it; measured at 1x CPU on /tutors: React DOM's start 105–143 ms
    // without the hint, 77–97 ms with it (issue 26).
    postBanner: (chunk: { isEntry: boolean }) => (chunk.isEntry ? '//# allFunctionsCalledOnLoad' : ''),
    codeSplitting: {
      groups: [
        // `$initial`: statically imported from the entry. Only the tagged modules themselves: with
        // their dependencies included recursively, the catalogue areas the `@hiwar/ui` barrel re-exports
        // for lazy routes came along too.
        { name: 'app', tags: ['$initial' as const], includeDependenciesRecursively: false, priority: 1 },
        screenChunks.group,
      ],
    },
  },
};
