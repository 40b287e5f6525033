import path from 'node:path';

/**
 * A screen a visit starts on (decision 0029): the app it belongs to, its name, and the code-split
 * modules it loads at once beside what `index.html` loads (its route module, the signed-in layout's
 * parts, the stored session's check, the API contract…). Paths from the repository's root.
 */
export type FirstScreen = {
  app: 'web' | 'admin';
  name: string;
  /** Where the screen is (for the report, the test and the browser check). */
  path: string;
  modules: readonly string[];
};

/** An import of a module's own code: the module read and the names it reads (`*`: all of them). */
type Read = { from: string; names: readonly string[] };

/** How a module's exports relate to its imports, as far as grouping needs to know. */
export type Shape = {
  /** What the module's own code imports (statically), with the names it reads. */
  reads: Read[];
  /** Exported names taken from another module unchanged (`export { a as b } from './x'`). */
  passed: Map<string, { from: string; name: string }>;
  /** `export * from './x'`. */
  stars: string[];
  /** Names the module's own code declares and exports. */
  own: Set<string>;
  /** Not an ES module this can read (CommonJS, virtual): everything it imports counts, whatever is read. */
  opaque: boolean;
};

type AstNode = { type: string; [key: string]: unknown };
type Specifier = {
  type: string;
  imported?: { name?: string; value?: string };
  local?: { name?: string; value?: string };
  exported?: { name?: string; value?: string };
};
type PluginContext = {
  getModuleIds(): IterableIterator<string>;
  getModuleInfo(id: string): {
    code: string | null;
    isEntry: boolean;
    importedIds: readonly string[];
    inputFormat: string;
  } | null;
  parse(code: string): { body: AstNode[] };
  resolve(source: string, importer: string): Promise<{ id: string; external?: unknown } | null>;
};

const nameOf = (node: { name?: string; value?: string } | undefined): string =>
  node?.name ?? node?.value ?? '*';

function declaredNames(declaration: AstNode | null | undefined): string[] | null {
  if (!declaration) {
    return [];
  }
  if (declaration.type === 'VariableDeclaration') {
    const names: string[] = [];
    for (const declarator of declaration.declarations as { id: AstNode }[]) {
      if (declarator.id.type !== 'Identifier') {
        return null;
      }
      names.push(String(declarator.id.name));
    }
    return names;
  }
  const id = declaration.id as { name?: string } | undefined;
  return id?.name ? [id.name] : null;
}

/** Reads every module's imports and exports from the parsed graph (rollup's `buildEnd`). */
async function readShapes(context: PluginContext): Promise<Map<string, Shape>> {
  const shapes = new Map<string, Shape>();
  const ids = new Set(context.getModuleIds());
  const resolved = new Map<string, string | null>();
  const resolve = async (source: string, importer: string): Promise<string | null> => {
    const key = source.startsWith('.') ? `${path.dirname(importer)}\0${source}` : source;
    if (!resolved.has(key)) {
      const result = await context.resolve(source, importer);
      resolved.set(key, result && !result.external && ids.has(result.id) ? result.id : null);
    }
    return resolved.get(key) ?? null;
  };
  for (const id of ids) {
    const info = context.getModuleInfo(id);
    const shape: Shape = { reads: [], passed: new Map(), stars: [], own: new Set(), opaque: false };
    shapes.set(id, shape);
    if (!info || info.code === null || info.inputFormat !== 'es' || id.startsWith('\0')) {
      shape.opaque = true;
      shape.reads = (info?.importedIds ?? []).map((from) => ({ from, names: ['*'] }));
      continue;
    }
    let body: AstNode[];
    try {
      body = context.parse(info.code).body;
    } catch {
      shape.opaque = true;
      shape.reads = info.importedIds.map((from) => ({ from, names: ['*'] }));
      continue;
    }
    for (const node of body) {
      const source = (node.source as { value?: string } | null | undefined)?.value;
      const from = source === undefined ? null : await resolve(source, id);
      if (node.type === 'ImportDeclaration') {
        if (from === null || node.importKind === 'type') {
          continue;
        }
        const specifiers = node.specifiers as Specifier[];
        const names = specifiers.map((specifier) =>
          specifier.type === 'ImportDefaultSpecifier'
            ? 'default'
            : specifier.type === 'ImportNamespaceSpecifier'
              ? '*'
              : nameOf(specifier.imported),
        );
        shape.reads.push({ from, names: names.length === 0 ? ['*'] : names });
      } else if (node.type === 'ExportAllDeclaration') {
        if (from === null) {
          continue;
        }
        if (node.exported) {
          shape.passed.set(nameOf(node.exported as Specifier['exported']), { from, name: '*' });
        } else {
          shape.stars.push(from);
        }
      } else if (node.type === 'ExportNamedDeclaration') {
        if (node.exportKind === 'type') {
          continue;
        }
        if (from !== null) {
          for (const specifier of node.specifiers as Specifier[]) {
            shape.passed.set(nameOf(specifier.exported), { from, name: nameOf(specifier.local) });
          }
          continue;
        }
        const names = declaredNames(node.declaration as AstNode | null);
        for (const name of names ?? []) {
          shape.own.add(name);
        }
        for (const specifier of node.specifiers as Specifier[]) {
          shape.own.add(nameOf(specifier.exported));
        }
      } else if (node.type === 'ExportDefaultDeclaration') {
        shape.own.add('default');
      }
    }
  }
  return shapes;
}

/** The names each module exports, through `export * from` too (an opaque module: every name). */
function exportedNames(shapes: ReadonlyMap<string, Shape>): (id: string) => { has(name: string): boolean } {
  const everything = { has: () => true };
  const known = new Map<string, Set<string> | typeof everything>();
  const of = (id: string, visiting: Set<string>): Set<string> | typeof everything => {
    const cached = known.get(id);
    if (cached) {
      return cached;
    }
    const shape = shapes.get(id);
    if (!shape || shape.opaque) {
      return everything;
    }
    const names = new Set([...shape.own, ...shape.passed.keys()]);
    visiting.add(id);
    for (const star of shape.stars) {
      const starNames = visiting.has(star) ? new Set<string>() : of(star, visiting);
      if (!(starNames instanceof Set)) {
        known.set(id, everything);
        return everything;
      }
      for (const name of starNames) {
        if (name !== 'default') {
          names.add(name);
        }
      }
    }
    known.set(id, names);
    return names;
  };
  return (id) => of(id, new Set());
}

const exportsMemo = new WeakMap<ReadonlyMap<string, Shape>, ReturnType<typeof exportedNames>>();

/**
 * The modules whose own code the roots run, following what each import reads: through a barrel
 * (`export … from`) only to the modules that define the names read, as tree-shaking keeps them, and
 * never through a dynamic `import()` (code loaded on demand). Module by module: once a module's code
 * runs, everything it imports counts.
 */
export function modulesRun(
  shapes: ReadonlyMap<string, Shape>,
  roots: readonly string[],
  reached?: Set<string>,
) {
  // `reached` also gets the barrels the walk passes through (their chunk must be the screen's too).
  const exportsOf = exportsMemo.get(shapes) ?? exportedNames(shapes);
  exportsMemo.set(shapes, exportsOf);
  const run = new Set<string>();
  const seen = new Set<string>();
  const queue: [string, string][] = roots.map((root) => [root, '*']);
  for (let next = queue.pop(); next; next = queue.pop()) {
    const [id, name] = next;
    const key = `${name}\0${id}`;
    if (seen.has(key)) {
      continue;
    }
    seen.add(key);
    reached?.add(id);
    const shape = shapes.get(id);
    if (!shape) {
      continue;
    }
    const runOwn = () => {
      if (!run.has(id)) {
        run.add(id);
        for (const read of shape.reads) {
          for (const read_name of read.names) {
            queue.push([read.from, read_name]);
          }
        }
      }
    };
    if (name === '*') {
      runOwn();
      for (const passed of shape.passed.values()) {
        queue.push([passed.from, passed.name]);
      }
      for (const star of shape.stars) {
        queue.push([star, '*']);
      }
      continue;
    }
    const passed = shape.passed.get(name);
    if (passed) {
      queue.push([passed.from, passed.name]);
      continue;
    }
    const stars =
      shape.own.has(name) || shape.opaque ? [] : shape.stars.filter((star) => exportsOf(star).has(name));
    if (stars.length > 0) {
      for (const star of stars) {
        queue.push([star, name]);
      }
    } else {
      runOwn();
    }
  }
  return run;
}

/** A screen to chunk for: a name for its chunks and the modules it loads lazily at once (ids). */
export type ScreenRoots = { label: string; roots: readonly string[] };

/** The module graph as {@link planChunks} reads it. */
export type ModuleGraph = {
  shapes: ReadonlyMap<string, Shape>;
  /** Bytes of each module's code as the bundler read it (before minifying). */
  sizes: ReadonlyMap<string, number>;
  /** The app's entry modules (index.html's scripts). */
  entries: readonly string[];
};

/** The API contract (packages/client/src/api/contract.ts), which the signed-in screens load at once. */
const CONTRACT_MODULE = /[\\/]packages[\\/]client[\\/]src[\\/]api[\\/]contract-module\.ts$/;
/**
 * The API contract's chunk: the contract's module (JSON Schema, json-check.ts), and the domain's
 * modules and zod where only the screens checking answers run them.
 */
const CONTRACT =
  /[\\/]node_modules[\\/]zod[\\/]|[\\/]packages[\\/]domain[\\/]src[\\/]|[\\/]packages[\\/]client[\\/]src[\\/]api[\\/](contract-module|contract-part|json-check)\.ts$/;

/**
 * A request costs about as many bytes (its headers, 1.25 kB: first-load.ts) as this much source code
 * weighs once minified and compressed.
 */
export const REQUEST_SOURCE_BYTES = 15_000;

/**
 * Which chunk each lazily loaded module of a first screen goes into (module id → chunk name); modules
 * no first screen runs are not named (the bundler chunks them by the lazy imports that reach them).
 * - Modules run by the same first screens share a chunk, named after them (`student-home`,
 *   `student-home+tutor-home`): a first screen downloads one chunk per set of first screens it shares
 *   code with, whatever the number of its modules and of its lazy imports (route, guard, layout
 *   parts, contract). Another screen that runs one of those modules downloads that chunk whole.
 * - A small chunk joins the chunk of a larger set of first screens when the bytes it adds to the
 *   screens outside its own set are fewer than the request it saves each screen in it
 *   ({@link REQUEST_SOURCE_BYTES}), provided that the chunk it joins needs no other chunk for it.
 */
export function planChunks(
  graph: ModuleGraph,
  screens: readonly ScreenRoots[],
  requestBytes: number = REQUEST_SOURCE_BYTES,
): Map<string, string> {
  const initial = modulesRun(graph.shapes, graph.entries);
  const runs = screens.map((screen) => {
    const reached = new Set<string>();
    const run = modulesRun(graph.shapes, screen.roots, reached);
    return { label: screen.label, run, reached };
  });
  // The contract: the domain's schemas and zod, one chunk for the screens checking answers against it,
  // but what other screens run too (a form's request schemas and zod) is shared as any other module.
  const checking = runs.filter(({ reached }) => [...reached].some((id) => CONTRACT_MODULE.test(id)));
  const others = runs.filter((screen) => !checking.includes(screen));
  const contract = checking.map((screen) => screen.label).join('+');
  const plan = new Map<string, string>();
  for (const { label, reached } of runs) {
    for (const id of reached) {
      if (CONTRACT.test(id) && !others.some((screen) => screen.reached.has(id))) {
        plan.set(id, contract);
        continue;
      }
      const name = plan.get(id);
      plan.set(id, name === undefined ? label : `${name}+${label}`);
    }
  }
  const chunks = new Map<string, { ids: string[]; size: number; screens: Set<string> }>();
  for (const [id, name] of plan) {
    const chunk = chunks.get(name) ?? { ids: [], size: 0, screens: new Set(name.split('+')) };
    chunk.ids.push(id);
    chunk.size += initial.has(id) ? 0 : (graph.sizes.get(id) ?? 0);
    chunks.set(name, chunk);
  }
  const chunkOf = (id: string) => chunks.get(plan.get(id) ?? '');
  const wider = (screens: Set<string>, than: Set<string>) => [...than].every((label) => screens.has(label));
  for (const [name, chunk] of [...chunks].sort(([, a], [, b]) => a.size - b.size)) {
    const deps = new Set(chunk.ids.flatMap((id) => [...modulesRun(graph.shapes, [id])]));
    const [into] = [...chunks]
      .filter(
        ([other, { ids, screens }]) => other !== name && ids.length > 0 && wider(screens, chunk.screens),
      )
      .map(([other, target]) => ({ other, target, extra: target.screens.size - chunk.screens.size }))
      .filter(({ extra }) => chunk.size * extra < requestBytes * chunk.screens.size)
      // What it imports must be loaded by every screen of the chunk it joins already.
      .filter(({ target }) =>
        [...deps].every((dep) => {
          const depChunk = chunkOf(dep);
          return (
            initial.has(dep) || !depChunk || depChunk === chunk || wider(depChunk.screens, target.screens)
          );
        }),
      )
      .sort((a, b) => a.extra - b.extra || b.target.size - a.target.size);
    if (into) {
      for (const id of chunk.ids) {
        plan.set(id, into.other);
      }
      into.target.ids.push(...chunk.ids);
      into.target.size += chunk.size;
      chunk.ids = [];
      chunk.size = 0;
    }
  }
  return plan;
}

/**
 * Groups the code each first screen runs, so that a screen downloads its entry, its stylesheet and a
 * few chunks instead of dozens (issue 26): `buildEnd` reads the module graph and plans the chunks
 * ({@link planChunks}); the chunk group's `name` then answers with the plan.
 */
export function firstScreenChunks(screens: readonly FirstScreen[]) {
  let plan = new Map<string, string>();
  const plugin = {
    name: 'hiwar-first-screen-chunks',
    async buildEnd(this: PluginContext) {
      const shapes = await readShapes(this);
      const ids = [...shapes.keys()];
      const appScreens: ScreenRoots[] = [];
      for (const screen of screens) {
        if (!ids.some((id) => id.includes(`/apps/${screen.app}/src/`))) {
          continue;
        }
        const roots = screen.modules.map((module) => ({
          module,
          id: ids.find((id) => id.endsWith(`/${module}`)),
        }));
        const missing = roots.filter((root) => !root.id).map((root) => root.module);
        if (missing.length > 0) {
          throw new Error(`First screen ${screen.name}: ${missing.join(', ')} not in the build (renamed?)`);
        }
        appScreens.push({
          label: screen.name.replaceAll(' ', '-'),
          roots: roots.map((root) => root.id as string),
        });
      }
      const sizes = new Map<string, number>();
      const entries: string[] = [];
      for (const id of ids) {
        const info = this.getModuleInfo(id);
        sizes.set(id, info?.code?.length ?? 0);
        if (info?.isEntry) {
          entries.push(id);
        }
      }
      plan = planChunks({ shapes, sizes, entries }, appScreens);
    },
  };
  const group = {
    name: (id: string) => plan.get(id) ?? null,
    debugName: 'first screens',
    includeDependenciesRecursively: false,
  };
  return { plugin, group };
}
