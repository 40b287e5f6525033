import { Role } from '@hiwar/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { coupons } from '../../db/schema.ts';
import { buildTestApp } from '../../testing/app.ts';
import { createCoupon, loginAs } from '../../testing/factories.ts';

const inAWeek = () => new Date(Date.now() + 7 * 24 * 3600_000).toISOString();

describe('coupons', async () => {
  const { app } = await buildTestApp();
  const superAdmin = await loginAs(app, Role.SuperAdmin);
  const regularAdmin = await loginAs(app, Role.RegularAdmin);
  const student = await loginAs(app, Role.Student);

  const request = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    auth?: { authorization: string },
    payload?: unknown,
  ) =>
    app.inject({
      method,
      url,
      headers: auth ?? {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const countCodes = async (code: string) =>
    (await app.db.select().from(coupons).where(eq(coupons.code, code))).length;

  describe('POST /api/v1/coupon', () => {
    it('lets a SuperAdmin create a coupon, the code upper-cased', async () => {
      const expiresAt = inAWeek();
      const res = await request('POST', '/api/v1/coupon', superAdmin.auth, {
        code: 'eid-2030',
        discount: 1500,
        expiresAt,
        usageLimit: 10,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ code: 'EID-2030', discount: 1500, usageLimit: 10, uses: 0 });
      expect(res.json().expiresAt).toBe(new Date(expiresAt).toISOString());
    });

    it('refuses a code already taken: coupon-exists', async () => {
      const existing = await createCoupon(app.db);
      const res = await request('POST', '/api/v1/coupon', superAdmin.auth, {
        code: existing.code.toLowerCase(),
        discount: 1000,
        expiresAt: inAWeek(),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('coupon-exists');
    });

    it.each([
      ['coupon-code-invalid', { code: 'AB' }],
      ['coupon-code-invalid', { code: 'NO SPACES' }],
      ['coupon-discount-zero', { discount: 0 }],
      ['coupon-discount-max-exceeded', { discount: 10_100 }],
      ['coupon-expire-date-invalid', { expiresAt: 'tomorrow' }],
      ['coupon-already-expired', { expiresAt: '2020-01-01T00:00:00Z' }],
    ])('answers 400 %s and stores nothing', async (code, overrides) => {
      const res = await request('POST', '/api/v1/coupon', superAdmin.auth, {
        code: 'VALID-CODE-1',
        discount: 1000,
        expiresAt: inAWeek(),
        ...overrides,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(code);
      expect(await countCodes('VALID-CODE-1')).toBe(0);
    });

    it('refuses RegularAdmins and students', async () => {
      const body = { code: 'NOT-MINE', discount: 1000, expiresAt: inAWeek() };
      expect((await request('POST', '/api/v1/coupon', regularAdmin.auth, body)).statusCode).toBe(403);
      expect((await request('POST', '/api/v1/coupon', student.auth, body)).statusCode).toBe(403);
      expect(await countCodes('NOT-MINE')).toBe(0);
    });
  });

  describe('reading, changing and deleting', () => {
    it('lets admins read and list, SuperAdmin change and delete', async () => {
      const coupon = await createCoupon(app.db, { code: 'LIST-ME-1' });
      expect((await request('GET', `/api/v1/coupon/${coupon.id}`, regularAdmin.auth)).json().code).toBe(
        'LIST-ME-1',
      );
      const list = await request('GET', '/api/v1/coupon/list?search=list-me', regularAdmin.auth);
      expect(list.json()).toMatchObject({ total: 1, list: [{ id: coupon.id }] });
      expect((await request('GET', '/api/v1/coupon/list', student.auth)).statusCode).toBe(403);
      expect((await request('GET', `/api/v1/coupon/${coupon.id}`, student.auth)).statusCode).toBe(403);

      expect(
        (await request('PUT', `/api/v1/coupon/${coupon.id}`, regularAdmin.auth, { discount: 500 }))
          .statusCode,
      ).toBe(403);
      const updated = await request('PUT', `/api/v1/coupon/${coupon.id}`, superAdmin.auth, {
        discount: 500,
        usageLimit: null,
      });
      expect(updated.json()).toMatchObject({ discount: 500, usageLimit: null });
      expect(
        (
          await request('PUT', `/api/v1/coupon/${coupon.id}`, superAdmin.auth, {
            expiresAt: '2000-01-01T00:00:00Z',
          })
        ).json().code,
      ).toBe('coupon-already-expired');

      expect((await request('DELETE', `/api/v1/coupon/${coupon.id}`, regularAdmin.auth)).statusCode).toBe(
        403,
      );
      expect((await request('DELETE', `/api/v1/coupon/${coupon.id}`, superAdmin.auth)).json()).toEqual({
        ok: true,
      });
      expect((await request('GET', `/api/v1/coupon/${coupon.id}`, superAdmin.auth)).json().code).toBe(
        'coupon-not-found',
      );
      // A deleted coupon's code may be used again.
      expect(
        (
          await request('POST', '/api/v1/coupon', superAdmin.auth, {
            code: 'LIST-ME-1',
            discount: 100,
            expiresAt: inAWeek(),
          })
        ).statusCode,
      ).toBe(200);
    });

    it('refuses a usage limit below the uses so far', async () => {
      const coupon = await createCoupon(app.db, { usageLimit: 5, uses: 3 });
      const res = await request('PUT', `/api/v1/coupon/${coupon.id}`, superAdmin.auth, { usageLimit: 2 });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('bad-request');
    });
  });

  describe('GET /api/v1/coupon/code/{code}', () => {
    it('tells a signed-in student whether a code is valid, expired or used up', async () => {
      const valid = await createCoupon(app.db, { discount: 2500 });
      const usedUp = await createCoupon(app.db, { usageLimit: 1, uses: 1 });
      const expired = await createCoupon(app.db, { expiresAt: new Date(Date.now() - 1000) });
      const check = (code: string) => request('GET', `/api/v1/coupon/code/${code}`, student.auth);
      const res = await check(valid.code.toLowerCase());
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ code: valid.code, discount: 2500, state: 'valid' });
      expect(res.json()).not.toHaveProperty('uses');
      expect((await check(usedUp.code)).json().state).toBe('used-up');
      expect((await check(expired.code)).json().state).toBe('expired');
      const missing = await check('NO-SUCH-CODE');
      expect(missing.statusCode).toBe(404);
      expect(missing.json().code).toBe('coupon-not-found');
      expect((await check('x')).json().code).toBe('coupon-code-invalid');
      expect((await request('GET', `/api/v1/coupon/code/${valid.code}`)).statusCode).toBe(401);
    });
  });
});
