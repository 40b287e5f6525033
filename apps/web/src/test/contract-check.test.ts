import { type Contract, loadContract } from '@hiwar/client';
import * as domain from '@hiwar/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeMyTutor } from './favorite-fixtures.ts';
import { makeAccount, makeSession, makeTutorMeta, makeUser } from './fixtures.ts';
import { makeFreeTimes } from './free-times-fixtures.ts';
import { makeInterview, makeOnboarding } from './interview-fixtures.ts';
import { invoiceEvent, makeInvoice, makeMethods, makeStats } from './invoice-fixtures.ts';
import { makeLesson, makeRating, makeTutorCard, makeTutorInfo } from './lesson-fixtures.ts';
import { makeCurrent, makePlan, makeSubscription, makeTransaction } from './payment-fixtures.ts';

/**
 * The browser's contract (JSON Schema from the build, json-check.ts) judges the answers and events the
 * screens are tested with as the domain's zod schemas do: the same value back for a good one, and, for
 * each field removed or given a value of another type, the same verdict (issue 26: no zod in the
 * browser for checking answers).
 */
type Name = keyof Contract;
const samples: [Name, () => unknown][] = [
  ['UserSchema', () => makeUser()],
  ['TutorMetaSchema', () => makeTutorMeta()],
  ['UserWithTutorSchema', () => makeAccount({ role: domain.Role.Tutor }, makeTutorMeta())],
  ['CurrentUserResponseSchema', () => makeAccount()],
  ['SessionSchema', () => makeSession(60_000)],
  ['LessonSchema', () => makeLesson()],
  ['LessonListResponseSchema', () => ({ list: [makeLesson(), makeLesson({ id: 8 })], total: 2 })],
  ['LessonEventSchema', () => ({ lesson: makeLesson() })],
  ['LessonReminderEventSchema', () => ({ kind: 'hour', lesson: makeLesson() })],
  ['RatingSchema', () => makeRating()],
  ['TutorCardListResponseSchema', () => ({ list: [makeTutorCard()], total: 1 })],
  ['TutorInfoSchema', () => makeTutorInfo()],
  [
    'TutorFreeTimesSchema',
    () => makeFreeTimes([new Date('2030-01-05T07:00:00Z'), new Date('2030-01-05T07:15:00Z')]),
  ],
  ['PlanSchema', () => makePlan()],
  ['SubscriptionSchema', () => makeSubscription()],
  ['CurrentSubscriptionResponseSchema', () => makeCurrent()],
  [
    'CurrentSubscriptionResponseSchema',
    () =>
      makeCurrent({
        subscription: makeSubscription({ renew: false, upgradedAt: '2026-01-12T09:00:00.000Z' }),
        refundRequestId: 4,
        openUpgradeTransactionId: null,
      }),
  ],
  [
    'UpgradeQuoteSchema',
    () => ({
      subscriptionId: 5,
      planId: 3,
      period: domain.PlanPeriod.Month,
      weeklyMinutes: 240,
      credit: 73_333,
      cost: 133_334,
      amount: 60_001,
      end: '2026-02-09T09:00:00.000Z',
      quotedAt: '2026-01-20T09:00:00.000Z',
    }),
  ],
  [
    'SubscriptionRefundRequestSchema',
    () => ({
      id: 31,
      subscriptionId: 5,
      userId: 12,
      studentName: null,
      planAlias: 'المنتظم',
      reason: 'لم تناسبني المواعيد.',
      status: 'declined',
      suggestedAmount: 60_000,
      refundedAmount: null,
      staffNote: 'مرّ نصف المدة.',
      decidedBy: 1,
      decidedAt: '2026-01-21T09:00:00.000Z',
      createdAt: '2026-01-20T09:00:00.000Z',
      payments: [{ transactionId: 40, amount: 110_000, refundedAmount: 0, upgrade: false, paidAt: null }],
    }),
  ],
  [
    'SubscriptionEventListResponseSchema',
    () => ({
      list: [
        {
          id: 3,
          subscriptionId: 5,
          kind: 'upgraded',
          actorId: null,
          actorName: null,
          details: { fromWeeklyMinutes: 60, toWeeklyMinutes: 120, paid: true, plan: 'المكثف' },
          createdAt: '2026-01-20T09:00:00.000Z',
        },
      ],
    }),
  ],
  ['TransactionResponseSchema', () => ({ transaction: makeTransaction() })],
  ['InvoiceSchema', () => makeInvoice()],
  ['InvoiceStatsSchema', () => makeStats()],
  ['InvoiceEventSchema', () => invoiceEvent(makeInvoice())],
  ['WithdrawMethodListResponseSchema', () => ({ list: Object.values(makeMethods()), total: 3 })],
  ['InterviewSchema', () => makeInterview()],
  ['TutorOnboardingSchema', () => makeOnboarding()],
  ['FavoriteTutorIdsResponseSchema', () => ({ ids: [3, 4] })],
  [
    'MyTutorListResponseSchema',
    () => ({ list: [makeMyTutor(), makeMyTutor({ id: 4, isFavorite: false, savedAt: null })], total: 2 }),
  ],
];

/** Every field of `value` (at any depth) removed, and given a value of each other JSON type. */
function* variants(value: unknown, path: (string | number)[] = []): Generator<[string, unknown]> {
  if (value === null || typeof value !== 'object') {
    return;
  }
  const entries = Array.isArray(value)
    ? value.slice(0, 1).map((item, index) => [index, item] as const)
    : Object.entries(value);
  for (const [key, item] of entries) {
    const at = [...path, key].join('.');
    const rebuild = (replacement: unknown, remove = false): unknown => {
      const copy: Record<string | number, unknown> | unknown[] = Array.isArray(value)
        ? [...value]
        : { ...value };
      if (remove) {
        delete (copy as Record<string | number, unknown>)[key];
      } else {
        (copy as Record<string | number, unknown>)[key] = replacement;
      }
      return copy;
    };
    yield [`${at} removed`, rebuild(undefined, true)];
    for (const other of [null, 'text', -1.5, true, [], {}]) {
      yield [`${at} = ${JSON.stringify(other)}`, rebuild(other)];
    }
    for (const [name, inner] of variants(item, [...path, key])) {
      yield [name, rebuild(inner)];
    }
  }
}

let contract: Contract;
beforeAll(async () => {
  contract = await loadContract();
});

describe('the browser contract and the domain schemas', () => {
  it.each(samples)('%s: the same value, and the same verdict on every broken copy', (name, sample) => {
    const zodSchema = (
      domain as unknown as Record<string, { safeParse(value: unknown): { success: boolean; data?: unknown } }>
    )[name];
    const value = sample();
    const zod = zodSchema?.safeParse(value);
    const json = contract[name].safeParse(value);
    expect(zod?.success, `${name} fixture`).toBe(true);
    expect(json).toEqual({ success: true, data: zod?.data });
    const differences: string[] = [];
    for (const [change, broken] of variants(value)) {
      const verdicts = [zodSchema?.safeParse(broken).success, contract[name].safeParse(broken).success];
      if (verdicts[0] !== verdicts[1]) {
        differences.push(`${change}: zod ${verdicts[0]}, contract ${verdicts[1]}`);
      }
    }
    expect(differences).toEqual([]);
  });
});
