/**
 * Bundling options of the React apps (`build.rolldownOptions`), so that a screen downloads only what it
 * runs (issue 16, first-load budget):
 * - tree-shaking: the monorepo's own modules have no side effects on import (only stylesheets do), so a
 *   module reached through a barrel (`features/chat/index.ts`, `@hiwar/domain`) whose exports go unused
 *   is left out; building a zod schema and the domain's frozen constants count as pure, so an unused
 *   schema never keeps zod. Dependencies keep their own `package.json` `sideEffects`;
 * - chunking: everything the entry imports statically goes into one chunk (`app`). Left to itself the
 *   bundler spreads the first screen over dozens of small chunks shared with lazy routes, and the
 *   import/export glue between them weighed more than several of the modules themselves. Modules only
 *   lazy routes import are chunked as before.
 */
export const appRolldownOptions = {
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
    codeSplitting: {
      // `$initial`: statically imported from the entry. Only the tagged modules themselves: with
      // their dependencies included recursively, the catalogue areas the `@hiwar/ui` barrel re-exports
      // for lazy routes came along too.
      groups: [{ name: 'app', tags: ['$initial' as const], includeDependenciesRecursively: false }],
    },
  },
};
