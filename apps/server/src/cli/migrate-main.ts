/** `npm run migrate` (compiled to `apps/server/dist/migrate.js` by `npm run build`). */
import { migrateDatabase } from './migrate.ts';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error(
    'DATABASE_URL is required: the PostgreSQL to migrate (postgres://user:password@host:5432/db).',
  );
  process.exit(1);
}
const started = Date.now();
try {
  const { applied, total } = await migrateDatabase(url);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    applied > 0
      ? `Applied ${applied} migration${applied === 1 ? '' : 's'} (${total} in all) in ${seconds} s.`
      : `The database is up to date (${total} migrations); nothing to apply.`,
  );
} catch (error) {
  console.error(`Migrations failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
