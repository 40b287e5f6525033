/** `npm run admin -- …` (compiled to `apps/server/dist/admin.js` by `npm run build`). */
import { processIo, runAdminCli } from './admin.ts';

process.exitCode = await runAdminCli(process.argv.slice(2), processIo());
