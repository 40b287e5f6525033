/**
 * `npm run build`: the production build, once: every front end from scratch, then the server
 * compiled to JavaScript (`apps/server/dist`, decision 0018). `npm run start:prod` runs the result.
 */
import { buildFrontEnds } from './lib/front-ends.ts';
import { buildServer } from './lib/server-build.ts';

const started = Date.now();
buildFrontEnds({ force: true });
console.log('Building server…');
const server = await buildServer();
console.log(
  `Server compiled to apps/server/dist in ${(server.ms / 1000).toFixed(1)} s (${(server.bytes / 1024).toFixed(0)} KB of JavaScript).`,
);
console.log(`Build done in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
