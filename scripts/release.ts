/**
 * `npm run release -- <directory>`: copies what a production machine needs from this built checkout
 * into a new directory (package files, compiled server and migrations, built front ends, launcher).
 * There: `npm ci --omit=dev`, then `npm run migrate`, `npm run admin`, `npm run start:prod`.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { copyRelease } from './lib/release.ts';

const target = process.argv[2];
if (!target) {
  console.error('Usage: npm run release -- <directory>   (a new or empty directory)');
  process.exit(2);
}
const dir = path.resolve(target);
if (existsSync(dir) && readdirSync(dir).length > 0) {
  console.error(`${dir} is not empty: give a new or empty directory.`);
  process.exit(1);
}
try {
  const files = copyRelease(dir);
  console.log(
    `Release copied to ${dir} (${files.length} entries). There: npm ci --omit=dev, then see README "Deploy".`,
  );
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
