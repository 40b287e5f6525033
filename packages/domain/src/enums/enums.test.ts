import { describe, expect, it } from 'vitest';
import { AppServerSchema } from './common.enum-schemas.ts';
import { APP_SERVERS, WEEKDAYS, Weekday } from './common.enums.ts';
import { BANK_NAMES, INVOICE_STATUSES, InvoiceStatus, WITHDRAW_METHOD_TYPES } from './invoice.enums.ts';
import { INTERVIEW_STATUSES, InterviewStatus, LESSON_STATUSES, LessonDuration } from './lesson.enums.ts';
import {
  canMovePaymentStatus,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  PaymentStatus,
  PLAN_PERIOD_MONTHS,
  PLAN_PERIODS,
  PlanPeriod,
} from './payment.enums.ts';
import { RoleSchema } from './user.enum-schemas.ts';
import {
  GOVERNORATES,
  Governorate,
  isStaff,
  isTutorLike,
  LEAD_SOURCES,
  ROLES,
  Role,
  STAFF_ROLES,
} from './user.enums.ts';

describe('enums match the spec', () => {
  it('numbers roles as the spec does', () => {
    expect(Role).toEqual({
      SuperAdmin: 1,
      RegularAdmin: 2,
      Tutor: 3,
      Student: 4,
      TutorManager: 5,
      Studio: 6,
    });
    expect(ROLES).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('has 30 governorates from Cairo 1 to GizaCity 30', () => {
    expect(GOVERNORATES).toHaveLength(30);
    expect(GOVERNORATES).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(Governorate.Cairo).toBe(1);
    expect(Governorate.Alexandria).toBe(2);
    expect(Governorate.Damietta).toBe(26);
    expect(Governorate.GizaCity).toBe(30);
  });

  it('numbers payment statuses New 0 to Failed 6 and methods Card 0 to Fawry 3', () => {
    expect(PaymentStatus).toEqual({
      New: 0,
      Paid: 1,
      Canceled: 2,
      Refunded: 3,
      Expired: 4,
      PartialRefunded: 5,
      Failed: 6,
    });
    expect(PAYMENT_STATUSES).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(PAYMENT_METHODS).toEqual([0, 1, 2, 3]);
  });

  it('keeps the spec plan periods and appends the half year', () => {
    expect(PlanPeriod).toEqual({ Month: 0, Quarter: 1, Year: 2, HalfYear: 3 });
    for (const period of PLAN_PERIODS) {
      expect(PLAN_PERIOD_MONTHS[period]).toBeGreaterThan(0);
    }
    expect(PLAN_PERIOD_MONTHS).toEqual({ 0: 1, 1: 3, 2: 12, 3: 6 });
  });

  it('has the spec string and numeric values for the other enums', () => {
    expect(Weekday.Sunday).toBe(0);
    expect(Weekday.Saturday).toBe(6);
    expect(WEEKDAYS).toHaveLength(7);
    expect(LessonDuration).toEqual({ Short: 15, Long: 30 });
    expect(LESSON_STATUSES).toEqual(['pending', 'happening', 'fulfilled', 'canceled']);
    expect(InterviewStatus).toEqual({ Pending: 1, Passed: 2, Rejected: 3, Canceled: 4 });
    expect(INTERVIEW_STATUSES).toEqual([1, 2, 3, 4]);
    expect(INVOICE_STATUSES).toEqual([
      'pending',
      'fulfilled',
      'rejected',
      'canceled-by-receiver',
      'canceled-by-admin',
      'updated-by-receiver',
      'cancellation-approved-by-admin',
    ]);
    expect(InvoiceStatus.CancellationApprovedByAdmin).toBe('cancellation-approved-by-admin');
    expect(WITHDRAW_METHOD_TYPES).toEqual(['wallet', 'bank', 'instapay']);
    expect(BANK_NAMES).toEqual(['cib', 'alex']);
    expect(LEAD_SOURCES).toEqual(['wa', 'sfb', 'syt', 'sig', 'stt', 'sx']);
    expect(APP_SERVERS).toEqual(['local', 'staging', 'production']);
  });

  it('freezes the value lists', () => {
    expect(Object.isFrozen(ROLES)).toBe(true);
    expect(Object.isFrozen(STAFF_ROLES)).toBe(true);
  });
});

describe('role helpers', () => {
  it('treats every role but tutors and students as staff', () => {
    expect(ROLES.filter(isStaff)).toEqual([
      Role.SuperAdmin,
      Role.RegularAdmin,
      Role.TutorManager,
      Role.Studio,
    ]);
  });

  it('treats tutors and tutor managers as tutor-like', () => {
    expect(ROLES.filter(isTutorLike)).toEqual([Role.Tutor, Role.TutorManager]);
  });
});

describe('enum schemas', () => {
  it('accepts numeric enum values and rejects their string spelling', () => {
    expect(RoleSchema.parse(4)).toBe(Role.Student);
    expect(RoleSchema.safeParse('4').success).toBe(false);
    expect(RoleSchema.safeParse(7).success).toBe(false);
  });

  it('accepts only the three app servers', () => {
    expect(AppServerSchema.parse('staging')).toBe('staging');
    expect(AppServerSchema.safeParse('dev').success).toBe(false);
    expect(AppServerSchema.safeParse(undefined).success).toBe(false);
  });
});

describe('payment status moves', () => {
  it('lets a new transaction be paid, canceled, expired or failed', () => {
    for (const to of [
      PaymentStatus.Paid,
      PaymentStatus.Canceled,
      PaymentStatus.Expired,
      PaymentStatus.Failed,
    ]) {
      expect(canMovePaymentStatus(PaymentStatus.New, to)).toBe(true);
    }
    expect(canMovePaymentStatus(PaymentStatus.New, PaymentStatus.Refunded)).toBe(false);
    expect(canMovePaymentStatus(PaymentStatus.New, PaymentStatus.New)).toBe(false);
  });

  it('lets a paid transaction be refunded in full or in part, and partial refunds repeat', () => {
    expect(canMovePaymentStatus(PaymentStatus.Paid, PaymentStatus.Refunded)).toBe(true);
    expect(canMovePaymentStatus(PaymentStatus.Paid, PaymentStatus.PartialRefunded)).toBe(true);
    expect(canMovePaymentStatus(PaymentStatus.Paid, PaymentStatus.Paid)).toBe(false);
    expect(canMovePaymentStatus(PaymentStatus.PartialRefunded, PaymentStatus.PartialRefunded)).toBe(true);
    expect(canMovePaymentStatus(PaymentStatus.PartialRefunded, PaymentStatus.Refunded)).toBe(true);
    expect(canMovePaymentStatus(PaymentStatus.PartialRefunded, PaymentStatus.Paid)).toBe(false);
  });

  it('ignores a late payment after expiry and any move out of a final status', () => {
    expect(canMovePaymentStatus(PaymentStatus.Expired, PaymentStatus.Paid)).toBe(false);
    for (const from of [
      PaymentStatus.Canceled,
      PaymentStatus.Refunded,
      PaymentStatus.Expired,
      PaymentStatus.Failed,
    ]) {
      for (const to of PAYMENT_STATUSES) {
        expect(canMovePaymentStatus(from, to)).toBe(false);
      }
    }
  });
});
