import { writeFileSync } from 'node:fs';
import { ROLES } from '@hiwar/domain';
import { it } from 'vitest';
import { buildTestApp } from './testing/app.ts';
import { loginAs } from './testing/factories.ts';

type Op = { responses: Record<string, { content?: Record<string, { schema: { allOf?: Array<{ properties?: { code?: { enum?: string[] } } }> } }> }> };
const SESSION_ENDING = /logout|revoke/;
it('probes', { timeout: 600_000 }, async () => {
  const { app } = await buildTestApp();
  const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, Op>> };
  const ops = Object.entries(doc.paths).flatMap(([path, ms]) => Object.entries(ms).map(([m, op]) => ({ method: m.toUpperCase(), path, op })))
    .sort((a, b) => Number(SESSION_ENDING.test(a.path)) - Number(SESSION_ENDING.test(b.path)));
  const callers: Array<[string, () => Promise<Record<string, string>>]> = [['anon', async () => ({})], ...ROLES.map((r) => [String(r), async () => (await loginAs(app, r)).auth] as [string, () => Promise<Record<string, string>>])];
  const bad = new Map<string, Set<string>>();
  for (const [name, headersOf] of callers) {
    let headers = await headersOf();
    for (const { method, path, op } of ops) {
      const documented = (status: number, code: string) => op.responses[String(status)]?.content?.['application/json']?.schema.allOf?.[1]?.properties?.code?.enum?.includes(code);
      for (const id of path.includes('{') ? ['987654', 'abc'] : ['']) {
        for (const query of ['', '?page=0&size=999&userId=abc']) {
          const url = path.replaceAll(/\{[^}]+\}/g, id) + query;
          const bodies = ['GET', 'HEAD'].includes(method) ? [undefined] : [undefined, { p: '{}', c: 'application/json' }, { p: '{"x', c: 'application/json' }, { p: '', c: 'application/json' }, { p: 'a=1', c: 'application/x-www-form-urlencoded' }, { p: '{"id":987654,"tutorId":987654,"userId":987654,"planId":987654,"roomId":987654}', c: 'application/json' }];
          for (const body of bodies) {
            const res = await app.inject({ method: method as 'GET', url, headers: { ...headers, ...(body ? { 'content-type': body.c } : {}) }, ...(body ? { payload: body.p } : {}) });
            if (res.statusCode >= 400) {
              let code = '?';
              try { code = res.json().code; } catch {}
              if (!documented(res.statusCode, code)) {
                const k = `${method} ${path}`;
                if (!bad.has(k)) bad.set(k, new Set());
                bad.get(k)!.add(`${res.statusCode} ${code} (${name}${body ? ' ' + body.p.slice(0, 10) : ''})`);
              }
            }
          }
        }
      }
      if (SESSION_ENDING.test(path)) headers = await headersOf();
    }
  }
  writeFileSync('/tmp/oa/probe.txt', [...bad].map(([k, v]) => `${k}\n   ${[...v].join('\n   ')}`).join('\n'));
});
