import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './front-ends.ts';

/**
 * What a production machine needs from a built checkout (decision 0018): the package files `npm ci
 * --omit=dev` installs from (the root's, the lockfile, every workspace's manifest), the compiled
 * server with its migrations, the three built front ends and the plain-JavaScript launcher. The
 * README's Deploy section and `scripts/prod-smoke.ts` copy exactly this.
 */
export function releaseFiles(): string[] {
  const root = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
  const workspaces = root.workspaces.flatMap((pattern) =>
    pattern.endsWith('/*')
      ? readdirSync(path.join(ROOT, pattern.slice(0, -2)), { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => `${pattern.slice(0, -2)}/${entry.name}`)
      : [pattern],
  );
  return [
    'package.json',
    'package-lock.json',
    ...workspaces.map((dir) => `${dir}/package.json`).filter((file) => existsSync(path.join(ROOT, file))),
    'apps/server/dist',
    'apps/server/drizzle',
    'apps/web/dist',
    'apps/web/dist-ssr',
    'apps/admin/dist',
    'apps/admin/dist-ssr',
    'apps/landing/dist',
    'scripts/server-command.mjs',
  ];
}

/** Copies the release into `target` (a fresh directory); fails on anything missing (run the build). */
export function copyRelease(target: string): string[] {
  const files = releaseFiles();
  const missing = files.filter((file) => !existsSync(path.join(ROOT, file)));
  if (missing.length > 0) {
    throw new Error(`Missing from the release: ${missing.join(', ')} (run \`npm run build\` first).`);
  }
  for (const file of files) {
    mkdirSync(path.dirname(path.join(target, file)), { recursive: true });
    cpSync(path.join(ROOT, file), path.join(target, file), { recursive: true });
  }
  return files;
}
