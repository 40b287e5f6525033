import { BOUNDS } from '../bounds.ts';
import { addZonedDays } from '../time.ts';
import { effectiveEnd } from './subscription.rules.ts';

/**
 * Days an installment may stay unpaid after its due date before the subscription pauses (rules.md
 * "Installments": "7 days grace"). Days are counted on the Cairo wall clock, like quota weeks.
 */
export const INSTALLMENT_GRACE_DAYS: number = BOUNDS.installmentGraceDays;

/** The first reminder goes out this many days before an installment is due. */
export const INSTALLMENT_REMINDER_DAYS_BEFORE = 3;

/**
 * The reminders about one unpaid installment, each sent at most once, in this order:
 * `upcoming` from 3 days before it is due, `due` on its first day due, `overdue` once during the
 * grace ("your subscription will pause on …"), `paused` once the grace is over.
 */
export const InstallmentReminderKind = {
  Upcoming: 'upcoming',
  Due: 'due',
  Overdue: 'overdue',
  Paused: 'paused',
} as const;
export type InstallmentReminderKind = (typeof InstallmentReminderKind)[keyof typeof InstallmentReminderKind];

/** What the installment rules need of an installment: its position, when it is due, when it was paid. */
export type InstallmentTerm = { index: number; dueAt: Date; paidAt: Date | null };

/** Where an installment plan stands at an instant. */
export type InstallmentStanding<T extends InstallmentTerm> = {
  /** True while an installment is unpaid past its due date + the grace: the subscription grants nothing. */
  paused: boolean;
  /** The first installment unpaid past its due date + the grace (what pauses it), or null. */
  overdue: T | null;
  /** The first installment not paid yet (the one to pay next), or null when all are paid. */
  nextDue: T | null;
};

/** The instant after which an installment still unpaid pauses its subscription: due date + grace. */
export function installmentPausesAt(installment: Pick<InstallmentTerm, 'dueAt'>): Date {
  return addZonedDays(installment.dueAt, INSTALLMENT_GRACE_DAYS);
}

/** Whether the installment was paid by `now` (a payment recorded later does not count yet). */
export function isInstallmentPaid(installment: Pick<InstallmentTerm, 'paidAt'>, now: Date): boolean {
  return installment.paidAt !== null && installment.paidAt.getTime() <= now.getTime();
}

/**
 * Where an installment plan stands at `now` (rules.md "Installments"): it is paused while any
 * installment is unpaid strictly after its due date + `INSTALLMENT_GRACE_DAYS` (at that very instant
 * it is still in grace), and paying that installment ends the pause. Derived from the installments
 * alone, so nothing stored can drift from it. Without installments it is never paused.
 */
export function installmentStanding<T extends InstallmentTerm>(
  installments: readonly T[],
  now: Date,
): InstallmentStanding<T> {
  const unpaid = installments
    .filter((installment) => !isInstallmentPaid(installment, now))
    .sort((a, b) => a.index - b.index);
  const overdue =
    unpaid.find((installment) => installmentPausesAt(installment).getTime() < now.getTime()) ?? null;
  return { paused: overdue !== null, overdue, nextDue: unpaid[0] ?? null };
}

/**
 * Whether a subscription is paused at `now`: it has not ended and its installment plan (if any) is
 * paused. A subscription paid at once has no installments and is never paused.
 */
export function isSubscriptionPaused(
  subscription: { end: Date; endedAt?: Date | null },
  installments: readonly InstallmentTerm[],
  now: Date,
): boolean {
  if (effectiveEnd(subscription).getTime() <= now.getTime()) {
    return false;
  }
  return installmentStanding(installments, now).paused;
}

/**
 * The reminder kinds due for `installment` at `now`: none once it is paid, otherwise the one whose
 * window holds `now`:
 * - `upcoming`: [due − 3 days, due)
 * - `due`: [due, due + 1 day)
 * - `overdue`: [due + 1 day, due + grace] (the last instant before the pause)
 * - `paused`: after due + grace.
 *
 * The windows do not overlap, so a job that did not run for a while sends the reminder that fits the
 * moment, never a stale one ("due in 3 days" after the due date). The caller sends each
 * (installment, kind) at most once.
 */
export function remindersDue(installment: InstallmentTerm, now: Date): InstallmentReminderKind[] {
  if (isInstallmentPaid(installment, now)) {
    return [];
  }
  const at = now.getTime();
  const due = installment.dueAt.getTime();
  const upcomingFrom = addZonedDays(installment.dueAt, -INSTALLMENT_REMINDER_DAYS_BEFORE).getTime();
  const overdueFrom = addZonedDays(installment.dueAt, 1).getTime();
  const pausesAt = installmentPausesAt(installment).getTime();
  if (at < upcomingFrom) {
    return [];
  }
  if (at < due) {
    return [InstallmentReminderKind.Upcoming];
  }
  if (at < overdueFrom) {
    return [InstallmentReminderKind.Due];
  }
  if (at <= pausesAt) {
    return [InstallmentReminderKind.Overdue];
  }
  return [InstallmentReminderKind.Paused];
}
