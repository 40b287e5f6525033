import { Role } from '@hiwar/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { plans } from '../../db/schema.ts';
import { buildTestApp } from '../../testing/app.ts';
import { createPlan, createUser, loginAs, PLAN_FIELDS, uniqueEmail } from '../../testing/factories.ts';
import { lastMessageTo } from '../../testing/outbox.ts';

describe('plans', async () => {
  const { app } = await buildTestApp();
  const superAdmin = await loginAs(app, Role.SuperAdmin);
  const regularAdmin = await loginAs(app, Role.RegularAdmin);
  const student = await loginAs(app, Role.Student);
  const tutorManager = await loginAs(app, Role.TutorManager);

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
  const countPlans = async (alias: string) =>
    (await app.db.select().from(plans).where(eq(plans.alias, alias))).length;

  describe('POST /api/v1/plan', () => {
    it('lets a SuperAdmin create a plan, active and open to all by default', async () => {
      const res = await request('POST', '/api/v1/plan', superAdmin.auth, {
        ...PLAN_FIELDS,
        alias: 'Gold 240',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        ...PLAN_FIELDS,
        alias: 'Gold 240',
        active: true,
        forInvitesOnly: false,
        id: expect.any(Number),
      });
    });

    it.each([
      ['plan-alias-short', { alias: 'ab' }],
      ['plan-alias-long', { alias: 'x'.repeat(51) }],
      ['plan-weekly-minutes-empty', { weeklyMinutes: 0 }],
      ['plan-weekly-minutes-empty', { weeklyMinutes: 25 }],
      ['plan-weekly-minutes-max-exceeded', { weeklyMinutes: 10_095 }],
      ['plan-price-not-integer', { fullMonthPrice: 1000_50 }],
      ['plan-price-negative', { fullMonthPrice: -1000_00 }],
      ['plan-price-zero', { fullQuarterPrice: 0 }],
      ['plan-price-infinite', { fullYearPrice: 1e12 }],
      ['plan-discount-max-exceeded', { halfYearDiscount: 10_001 }],
      ['plan-discount-min-subceeded', { halfYearDiscount: -5 }],
      ['plan-discount-total', { fullYearDiscount: 10_000 }],
      ['required', { weeklyMinutes: undefined }],
    ])('answers 400 %s and stores nothing', async (code, overrides) => {
      const alias = `Invalid ${code} ${Math.random()}`.slice(0, 40);
      const res = await request('POST', '/api/v1/plan', superAdmin.auth, {
        ...PLAN_FIELDS,
        alias,
        ...overrides,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(code);
      expect(await countPlans(alias)).toBe(0);
    });

    it.each([
      ['a RegularAdmin', () => regularAdmin.auth, 403],
      ['a student', () => student.auth, 403],
      ['a tutor manager', () => tutorManager.auth, 403],
      ['an anonymous caller', () => undefined, 401],
    ])('refuses %s', async (_label, auth, status) => {
      const res = await request('POST', '/api/v1/plan', auth(), { ...PLAN_FIELDS, alias: 'Not allowed' });
      expect(res.statusCode).toBe(status);
      expect(await countPlans('Not allowed')).toBe(0);
    });
  });

  describe('GET /api/v1/plan/{id} and /list', async () => {
    const open = await createPlan(app.db, { alias: 'Open plan', weeklyMinutes: 60 });
    const inactive = await createPlan(app.db, { alias: 'Inactive plan', active: false });
    const inviteOnly = await createPlan(app.db, {
      alias: 'VIP plan',
      forInvitesOnly: true,
      weeklyMinutes: 480,
    });
    const invited = await loginAs(app, Role.Student);
    await request('POST', '/api/v1/invite', superAdmin.auth, {
      email: invited.user.email,
      planId: inviteOnly.id,
    });

    const listIds = async (auth?: { authorization: string }, query = '') => {
      const res = await request('GET', `/api/v1/plan/list?size=100${query}`, auth);
      expect(res.statusCode).toBe(200);
      return (res.json().list as { id: number }[]).map((plan) => plan.id);
    };

    it('shows anyone active plans open to all, without signing in', async () => {
      const ids = await listIds();
      expect(ids).toContain(open.id);
      expect(ids).not.toContain(inactive.id);
      expect(ids).not.toContain(inviteOnly.id);
      expect((await request('GET', `/api/v1/plan/${open.id}`)).json().alias).toBe('Open plan');
    });

    it('shows an invite-only plan only to the invited address', async () => {
      expect(await listIds(invited.auth)).toContain(inviteOnly.id);
      expect(await listIds(student.auth)).not.toContain(inviteOnly.id);
      expect((await request('GET', `/api/v1/plan/${inviteOnly.id}`, invited.auth)).statusCode).toBe(200);
      const hidden = await request('GET', `/api/v1/plan/${inviteOnly.id}`, student.auth);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json().code).toBe('plan-not-found');
    });

    it('shows admins every plan and lets them filter', async () => {
      for (const admin of [superAdmin, regularAdmin]) {
        const ids = await listIds(admin.auth);
        expect(ids).toEqual(expect.arrayContaining([open.id, inactive.id, inviteOnly.id]));
      }
      expect(await listIds(regularAdmin.auth, '&active=false')).toContain(inactive.id);
      expect(await listIds(regularAdmin.auth, '&active=false')).not.toContain(open.id);
      const inviteOnlyIds = await listIds(regularAdmin.auth, '&forInvitesOnly=true');
      expect(inviteOnlyIds).toContain(inviteOnly.id);
      expect(inviteOnlyIds).not.toContain(open.id);
      expect((await request('GET', `/api/v1/plan/${inactive.id}`, regularAdmin.auth)).statusCode).toBe(200);
    });

    it('hides inactive plans from others and answers plan-not-found for unknown ids', async () => {
      expect((await request('GET', `/api/v1/plan/${inactive.id}`, student.auth)).statusCode).toBe(404);
      expect((await request('GET', '/api/v1/plan/999999')).json().code).toBe('plan-not-found');
      expect((await request('GET', '/api/v1/plan/abc')).statusCode).toBe(400);
    });

    it('pages the list and counts the total', async () => {
      const res = await request('GET', '/api/v1/plan/list?size=1&page=1', superAdmin.auth);
      expect(res.json().list).toHaveLength(1);
      expect(res.json().total).toBeGreaterThanOrEqual(3);
      expect((await request('GET', '/api/v1/plan/list?active=perhaps')).statusCode).toBe(400);
    });
  });

  describe('PUT and DELETE /api/v1/plan/{id}', () => {
    it('lets a SuperAdmin change some fields', async () => {
      const plan = await createPlan(app.db);
      const res = await request('PUT', `/api/v1/plan/${plan.id}`, superAdmin.auth, {
        weeklyMinutes: 240,
        forInvitesOnly: true,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        weeklyMinutes: 240,
        forInvitesOnly: true,
        alias: PLAN_FIELDS.alias,
      });
    });

    it('checks the total discount on the merged plan', async () => {
      const plan = await createPlan(app.db, { fullMonthPrice: 200 });
      const res = await request('PUT', `/api/v1/plan/${plan.id}`, superAdmin.auth, {
        fullMonthDiscount: 9000,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('plan-discount-total');
      const [row] = await app.db.select().from(plans).where(eq(plans.id, plan.id));
      expect(row?.fullMonthDiscount).toBe(0);
    });

    it('validates each field and refuses non-SuperAdmins', async () => {
      const plan = await createPlan(app.db);
      expect(
        (await request('PUT', `/api/v1/plan/${plan.id}`, superAdmin.auth, { alias: 'x' })).json().code,
      ).toBe('plan-alias-short');
      expect(
        (await request('PUT', `/api/v1/plan/${plan.id}`, regularAdmin.auth, { active: false })).statusCode,
      ).toBe(403);
      expect(
        (await request('PUT', '/api/v1/plan/999999', superAdmin.auth, { active: false })).statusCode,
      ).toBe(404);
    });

    it('withdraws a plan: gone from every list and read, kept in the table', async () => {
      const plan = await createPlan(app.db, { alias: 'To delete' });
      expect((await request('DELETE', `/api/v1/plan/${plan.id}`, regularAdmin.auth)).statusCode).toBe(403);
      const res = await request('DELETE', `/api/v1/plan/${plan.id}`, superAdmin.auth);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      expect((await request('GET', `/api/v1/plan/${plan.id}`, superAdmin.auth)).statusCode).toBe(404);
      expect((await request('DELETE', `/api/v1/plan/${plan.id}`, superAdmin.auth)).json().code).toBe(
        'plan-not-found',
      );
      expect(await countPlans('To delete')).toBe(1);
    });
  });

  describe('invites', async () => {
    const plan = await createPlan(app.db, { forInvitesOnly: true });

    it('lets a SuperAdmin invite an address (lower-cased) and RegularAdmins read it', async () => {
      const email = uniqueEmail('Invitee');
      const res = await request('POST', '/api/v1/invite', superAdmin.auth, {
        email: email.toUpperCase(),
        planId: plan.id,
      });
      expect(res.statusCode).toBe(200);
      const invite = res.json();
      expect(invite).toMatchObject({ email, planId: plan.id, createdBy: superAdmin.user.id });
      expect((await request('GET', `/api/v1/invite/${invite.id}`, regularAdmin.auth)).json().email).toBe(
        email,
      );
      const list = await request('GET', `/api/v1/invite/list?planId=${plan.id}`, regularAdmin.auth);
      expect(list.json().list.map((row: { id: number }) => row.id)).toContain(invite.id);
      const search = await request(
        'GET',
        `/api/v1/invite/list?search=${encodeURIComponent(email.slice(0, 12))}`,
        regularAdmin.auth,
      );
      expect(search.json().total).toBe(1);
    });

    it('refuses a second invite of one address to one plan, in any letter case: invite-exists', async () => {
      const email = uniqueEmail();
      expect(
        (await request('POST', '/api/v1/invite', superAdmin.auth, { email, planId: plan.id })).statusCode,
      ).toBe(200);
      const again = await request('POST', '/api/v1/invite', superAdmin.auth, {
        email: email.toUpperCase(),
        planId: plan.id,
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('invite-exists');
    });

    it('validates the address and the plan', async () => {
      expect(
        (await request('POST', '/api/v1/invite', superAdmin.auth, { email: 'nope', planId: plan.id })).json()
          .code,
      ).toBe('invalid-email');
      const missing = await request('POST', '/api/v1/invite', superAdmin.auth, {
        email: uniqueEmail(),
        planId: 999999,
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().code).toBe('plan-not-found');
    });

    it('changes and withdraws invites (SuperAdmin only)', async () => {
      const created = (
        await request('POST', '/api/v1/invite', superAdmin.auth, { email: uniqueEmail(), planId: plan.id })
      ).json();
      const email = uniqueEmail('moved');
      expect(
        (await request('PUT', `/api/v1/invite/${created.id}`, regularAdmin.auth, { email })).statusCode,
      ).toBe(403);
      const updated = await request('PUT', `/api/v1/invite/${created.id}`, superAdmin.auth, { email });
      expect(updated.json().email).toBe(email);
      expect((await request('DELETE', `/api/v1/invite/${created.id}`, regularAdmin.auth)).statusCode).toBe(
        403,
      );
      expect((await request('DELETE', `/api/v1/invite/${created.id}`, superAdmin.auth)).json()).toEqual({
        ok: true,
      });
      expect((await request('GET', `/api/v1/invite/${created.id}`, superAdmin.auth)).json().code).toBe(
        'invite-not-found',
      );
    });

    /** The link of the invitation's button, from the plain-text twin of the newest mail to `email`. */
    const invitationLink = async (email: string): Promise<URL> => {
      const mail = await lastMessageTo(app.db, email);
      expect(mail?.subject).toContain(plan.alias);
      const url = mail?.text.match(/https?:\/\/\S+/)?.[0];
      expect(url).toBeDefined();
      expect(mail?.html).toContain(url!.replaceAll('&', '&#38;'));
      return new URL(url!);
    };

    it('mails an address without an account a sign-up link that lands on the plan', async () => {
      const email = uniqueEmail('newcomer');
      const res = await request('POST', '/api/v1/invite', superAdmin.auth, { email, planId: plan.id });
      expect(res.statusCode).toBe(200);
      const link = await invitationLink(email);
      expect(`${link.origin}${link.pathname}`).toBe(`${app.config.publicUrls.web}/register/student`);
      expect(link.searchParams.get('redirect')).toBe(`/subscription?plan=${plan.id}`);
      expect(link.searchParams.get('email')).toBe(email);
    });

    it('mails an existing account a sign-in link that lands on the plan', async () => {
      const invited = await createUser(app.db, { name: 'ليلى سمير' });
      await request('POST', '/api/v1/invite', superAdmin.auth, { email: invited.email, planId: plan.id });
      const link = await invitationLink(invited.email);
      expect(`${link.origin}${link.pathname}`).toBe(`${app.config.publicUrls.web}/login`);
      expect(link.searchParams.get('redirect')).toBe(`/subscription?plan=${plan.id}`);
      expect((await lastMessageTo(app.db, invited.email))?.text).toContain('ليلى سمير');
    });

    it('mails the invitation again when the invite moves to another address or plan', async () => {
      const other = await createPlan(app.db, { forInvitesOnly: true, alias: 'Invited elsewhere' });
      const created = (
        await request('POST', '/api/v1/invite', superAdmin.auth, { email: uniqueEmail(), planId: plan.id })
      ).json();
      const moved = uniqueEmail('moved');
      await request('PUT', `/api/v1/invite/${created.id}`, superAdmin.auth, { email: moved });
      expect((await invitationLink(moved)).searchParams.get('redirect')).toBe(
        `/subscription?plan=${plan.id}`,
      );
      await request('PUT', `/api/v1/invite/${created.id}`, superAdmin.auth, { planId: other.id });
      const mail = await lastMessageTo(app.db, moved);
      expect(mail?.subject).toContain('Invited elsewhere');
      expect(mail?.text).toContain(encodeURIComponent(`/subscription?plan=${other.id}`));
    });

    it('lets no RegularAdmin invite (403) and mails nothing', async () => {
      const email = uniqueEmail();
      const res = await request('POST', '/api/v1/invite', regularAdmin.auth, { email, planId: plan.id });
      expect(res.statusCode).toBe(403);
      expect(await lastMessageTo(app.db, email)).toBeNull();
    });

    it('answers 400 for a bad address or plan id and mails nothing', async () => {
      const bad = await request('POST', '/api/v1/invite', superAdmin.auth, {
        email: 'nope',
        planId: plan.id,
      });
      expect([bad.statusCode, bad.json().code]).toEqual([400, 'invalid-email']);
      const email = uniqueEmail();
      for (const planId of ['x', -1, undefined]) {
        const res = await request('POST', '/api/v1/invite', superAdmin.auth, { email, planId });
        expect(res.statusCode).toBe(400);
      }
      expect(await lastMessageTo(app.db, email)).toBeNull();
    });

    it('is not readable by students or tutor managers', async () => {
      expect((await request('GET', '/api/v1/invite/list', student.auth)).statusCode).toBe(403);
      expect((await request('GET', '/api/v1/invite/list', tutorManager.auth)).statusCode).toBe(403);
      expect(
        (await request('POST', '/api/v1/invite', student.auth, { email: uniqueEmail(), planId: plan.id }))
          .statusCode,
      ).toBe(403);
    });
  });
});
