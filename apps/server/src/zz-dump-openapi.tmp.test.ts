import { writeFileSync } from 'node:fs';
import { it } from 'vitest';
import { buildTestApp } from './testing/app.ts';

it('dumps', async () => {
  const { app } = await buildTestApp();
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
  writeFileSync(process.env.DUMP_TO ?? '/tmp/oa/doc.json', res.body);
  writeFileSync('/tmp/oa/protected.json', JSON.stringify(app.protectedRoutes));
});
