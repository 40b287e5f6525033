import {
  PLATFORM_SETTING_KEYS,
  PLATFORM_SETTINGS_BOUNDS,
  PLATFORM_SETTINGS_DEFAULTS,
  Role,
} from '@hiwar/domain';
import { describe, expect, it } from 'vitest';
import { platformSettingsAudit } from '../../db/schema.ts';
import { buildTestApp } from '../../testing/app.ts';
import { createSlot, createSubscription, loginAs, loginAsListedTutor } from '../../testing/factories.ts';
import { listenForSockets, nextEvent } from '../../testing/sockets.ts';
import { at, DAY, HOUR, T0 } from '../../testing/time.ts';

type Auth = { authorization: string };

/**
 * The settings are one set for the whole database: these tests run in order and each leaves the values
 * it set, reading what it needs from the answers.
 */
describe('platform settings', async () => {
  let now = T0;
  const { app } = await buildTestApp({ deps: { clock: () => now } });
  const sockets = await listenForSockets(app);
  const superAdmin = await loginAs(app, Role.SuperAdmin, { name: 'سارة المديرة' });
  const admin = await loginAs(app, Role.RegularAdmin, { name: 'كريم المسؤول' });

  const get = (auth: Auth | object, url = '/api/v1/platform-settings') =>
    app.inject({ method: 'GET', url, headers: auth as Auth });
  const put = (auth: Auth | object, payload: object) =>
    app.inject({ method: 'PUT', url: '/api/v1/platform-settings', headers: auth as Auth, payload });
  const settingValue = (body: { list: Array<{ key: string; value: number }> }, key: string) =>
    body.list.find((setting) => setting.key === key)?.value;

  it('shows staff every setting with its value, default and bounds', async () => {
    const res = await get(admin.auth);
    expect(res.statusCode).toBe(200);
    const { list } = res.json();
    expect(list.map((setting: { key: string }) => setting.key)).toEqual([...PLATFORM_SETTING_KEYS]);
    for (const key of PLATFORM_SETTING_KEYS) {
      expect(list.find((setting: { key: string }) => setting.key === key)).toEqual({
        key,
        value: PLATFORM_SETTINGS_DEFAULTS[key],
        defaultValue: PLATFORM_SETTINGS_DEFAULTS[key],
        min: PLATFORM_SETTINGS_BOUNDS[key].min,
        max: PLATFORM_SETTINGS_BOUNDS[key].max,
        step: PLATFORM_SETTINGS_BOUNDS[key].step ?? null,
        unit: PLATFORM_SETTINGS_BOUNDS[key].unit,
        updatedAt: null,
      });
    }
    expect((await get(superAdmin.auth)).statusCode).toBe(200);
  });

  it('shows anyone the booking rules and the trial lesson the app needs, nothing more', async () => {
    const res = await get({}, '/api/v1/platform-settings/public');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      bookingLeadMinutes: 60,
      maxUpcomingLessonsPerStudent: 1,
      freeCancelHours: 12,
      trialLessonEnabled: 1,
      trialLessonMinutes: 30,
      trialLessonPrice: 0,
    });
  });

  it('saves changed keys with an audit row each, tells every open tab, and applies them at once', async () => {
    const student = await loginAs(app, Role.Student);
    const socket = await sockets.connect(student.token);
    const changed = nextEvent<{ keys: string[]; settings: Record<string, number> }>(
      socket,
      'platform-settings-changed',
    );
    const cache = nextEvent<{ reason: string }>(socket, 'TutorsCache');
    const res = await put(admin.auth, {
      freeCancelHours: 6,
      bookingLeadMinutes: 120,
      tutorHourlyRate: 15_000,
    });
    expect(res.statusCode).toBe(200);
    expect(settingValue(res.json(), 'freeCancelHours')).toBe(6);
    expect(settingValue(res.json(), 'bookingLeadMinutes')).toBe(120);
    expect(res.json().list.find((s: { key: string }) => s.key === 'freeCancelHours').updatedAt).toBe(
      T0.toISOString(),
    );
    // tutorHourlyRate was already 15,000: not a change, not audited.
    expect(res.json().list.find((s: { key: string }) => s.key === 'tutorHourlyRate').updatedAt).toBeNull();
    expect(await changed).toEqual({
      keys: ['bookingLeadMinutes', 'freeCancelHours'],
      settings: {
        bookingLeadMinutes: 120,
        maxUpcomingLessonsPerStudent: 1,
        freeCancelHours: 6,
        trialLessonEnabled: 1,
        trialLessonMinutes: 30,
        trialLessonPrice: 0,
      },
      at: T0.toISOString(),
    });
    expect((await cache).reason).toBe('settings');
    expect((await get({}, '/api/v1/platform-settings/public')).json()).toMatchObject({
      freeCancelHours: 6,
      bookingLeadMinutes: 120,
    });

    const audit = await get(superAdmin.auth, '/api/v1/platform-settings/audit');
    expect(audit.statusCode).toBe(200);
    expect(audit.json().total).toBe(2);
    expect(audit.json().list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          key: 'freeCancelHours',
          oldValue: 12,
          newValue: 6,
          changedBy: expect.objectContaining({ id: admin.user.id, name: 'كريم المسؤول' }),
          createdAt: T0.toISOString(),
        }),
        expect.objectContaining({ key: 'bookingLeadMinutes', oldValue: 60, newValue: 120 }),
      ]),
    );

    // The next save records the value it replaced.
    now = at(HOUR);
    await put(superAdmin.auth, { freeCancelHours: 8 });
    const history = (await get(admin.auth, '/api/v1/platform-settings/audit?key=freeCancelHours')).json();
    expect(
      history.list.map((entry: { oldValue: number; newValue: number }) => [entry.oldValue, entry.newValue]),
    ).toEqual([
      [6, 8],
      [12, 6],
    ]);
    expect(history.list[0].changedBy.id).toBe(superAdmin.user.id);
    expect((await get(admin.auth, '/api/v1/platform-settings/audit?size=1&page=2')).json().list).toHaveLength(
      1,
    );
    expect((await get(admin.auth, '/api/v1/platform-settings/audit?key=nothing')).json().code).toBe(
      'bad-request',
    );
    now = T0;
  });

  it('applies a new free-cancellation window to the next cancellation without a restart', async () => {
    await put(admin.auth, { freeCancelHours: 6, bookingLeadMinutes: 60 });
    const tutor = await loginAsListedTutor(app);
    await createSlot(app.db, tutor.user.id, at(DAY), at(DAY + 6 * HOUR));
    const student = await loginAs(app, Role.Student);
    await createSubscription(app.db, student.user.id, { start: at(-DAY) });
    const booked = await app.inject({
      method: 'POST',
      url: '/api/v1/lesson/',
      headers: student.auth,
      payload: { tutorId: tutor.user.id, start: at(DAY).toISOString(), duration: 30 },
    });
    expect(booked.statusCode).toBe(200);
    // Eight hours before start: late under the default 12, in time under 6.
    now = at(DAY - 8 * HOUR);
    const canceled = await app.inject({
      method: 'DELETE',
      url: `/api/v1/lesson/${booked.json().id}`,
      headers: student.auth,
    });
    now = T0;
    expect(canceled.json().lesson).toMatchObject({ canceledBy: 'student', minutesReturned: true });
  });

  it.each(
    PLATFORM_SETTING_KEYS.flatMap((key) => {
      const { min, max } = PLATFORM_SETTINGS_BOUNDS[key];
      return [
        [key, min - 1, 'setting-too-low'],
        [key, max + 1, 'setting-too-high'],
        [key, min + 0.5, 'invalid-type'],
        [key, String(min), 'invalid-type'],
      ] as const;
    }),
  )('refuses %s = %s: %s, and changes nothing', async (key, value, code) => {
    const before = (await app.db.select().from(platformSettingsAudit)).length;
    const res = await put(admin.auth, { freeCancelHours: 7, [key]: value });
    expect([res.statusCode, res.json().code]).toEqual([400, code]);
    expect(await app.db.select().from(platformSettingsAudit)).toHaveLength(before);
  });

  it('takes the bounds themselves, and refuses an empty save or an unknown key', async () => {
    const res = await put(admin.auth, { maxUpcomingLessonsPerStudent: 100, referenceNumberTtlHours: 1 });
    expect(res.statusCode).toBe(200);
    expect(settingValue(res.json(), 'maxUpcomingLessonsPerStudent')).toBe(100);
    expect((await put(admin.auth, {})).json().code).toBe('empty-request');
    expect((await put(admin.auth, { freeCancelHours: 5, timezone: 3 })).json().code).toBe('bad-request');
    expect(
      (await put(admin.auth, { maxUpcomingLessonsPerStudent: 1, referenceNumberTtlHours: 48 })).statusCode,
    ).toBe(200);
  });

  it('keeps the settings to SuperAdmin and RegularAdmin, checking the caller before the body', async () => {
    for (const role of [Role.Student, Role.Tutor, Role.TutorManager, Role.Studio]) {
      const user = await loginAs(app, role);
      for (const res of [
        await get(user.auth),
        await put(user.auth, {}),
        await put(user.auth, { freeCancelHours: 1 }),
        await get(user.auth, '/api/v1/platform-settings/audit'),
      ]) {
        expect([res.statusCode, res.json().code]).toEqual([403, 'forbidden']);
      }
    }
    for (const res of [
      await get({}),
      await put({}, {}),
      await app.inject({ method: 'PUT', url: '/api/v1/platform-settings' }),
      await get({}, '/api/v1/platform-settings/audit'),
    ]) {
      expect([res.statusCode, res.json().code]).toEqual([401, 'unauthenticated']);
    }
  });

  it('keeps every audit row’s old value exact when two staff members save at once', async () => {
    const values = [10, 11, 12, 13, 14, 15];
    await Promise.all(
      values.map((value, i) => put(i % 2 ? admin.auth : superAdmin.auth, { freeCancelHours: value })),
    );
    const history = (
      await get(admin.auth, '/api/v1/platform-settings/audit?key=freeCancelHours&size=100')
    ).json();
    const recent = history.list.slice(0, values.length).reverse();
    for (let i = 1; i < recent.length; i++) {
      expect(recent[i].oldValue).toBe(recent[i - 1].newValue);
    }
    const final = settingValue((await get(admin.auth)).json(), 'freeCancelHours');
    expect(final).toBe(history.list[0].newValue);
  });
});
