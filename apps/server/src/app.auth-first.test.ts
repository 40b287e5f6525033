import { ROLES, type Role } from '@hiwar/domain';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from './testing/app.ts';
import { loginAs } from './testing/factories.ts';

/** A concrete path for a route pattern: every parameter an id that exists nowhere. */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '987654');

/** Bodies a stranger might send: none, empty, malformed JSON, the wrong shape. */
const BODIES: Array<{ payload?: string; contentType?: string }> = [
  {},
  { payload: '{}', contentType: 'application/json' },
  { payload: '{"broken', contentType: 'application/json' },
  { payload: '[1,2]', contentType: 'application/json' },
  {
    payload: '--x\r\nContent-Disposition: form-data; name="image"\r\n\r\nabc',
    contentType: 'multipart/form-data; boundary=x',
  },
];

/**
 * Issue 14: the caller is authenticated and authorised before the body is read or validated, on every
 * route. A stranger gets 401 from every protected route whatever they send (never 400 telling the
 * route's schema), and a signed-in user of a role the route does not admit gets 403 with a bad body.
 */
describe('who calls is checked before what they sent', async () => {
  const { app } = await buildTestApp();
  // HEAD answers carry no body; the GET of the same route is walked.
  const routes = app.protectedRoutes.filter(
    (route) => route.url.startsWith('/api/') && route.method !== 'HEAD',
  );

  it('knows the protected routes', () => {
    expect(routes.length).toBeGreaterThan(80);
  });

  it('answers 401 to a stranger on every protected route, whatever the body', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      for (const body of BODIES) {
        const res = await app.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          ...(body.payload === undefined || route.method === 'GET' ? {} : { payload: body.payload }),
          headers: body.contentType && route.method !== 'GET' ? { 'content-type': body.contentType } : {},
        });
        if (res.statusCode !== 401 || !res.body.includes('"unauthenticated"')) {
          wrong.push(`${route.method} ${route.url} ${JSON.stringify(body.payload)} → ${res.statusCode}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers 403 to a signed-in role the route does not admit, whatever the body', async () => {
    const tokens = new Map<Role, Record<string, string>>();
    for (const role of ROLES) {
      tokens.set(role, (await loginAs(app, role)).auth);
    }
    const wrong: string[] = [];
    for (const route of routes.filter((candidate) => candidate.roles.length > 0)) {
      const outsider = ROLES.find((role) => !route.roles.includes(role))!;
      for (const body of BODIES) {
        const res = await app.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          ...(body.payload === undefined || route.method === 'GET' ? {} : { payload: body.payload }),
          headers: {
            ...tokens.get(outsider),
            ...(body.contentType && route.method !== 'GET' ? { 'content-type': body.contentType } : {}),
          },
        });
        if (res.statusCode !== 403) {
          wrong.push(
            `${route.method} ${route.url} as ${outsider} ${JSON.stringify(body.payload)} → ${res.statusCode}`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
