import {
  addZonedDays,
  INSTALLMENT_REMINDER_DAYS_BEFORE,
  INSTALLMENT_REMINDER_EVENT,
  type InstallmentReminderEvent,
  type InstallmentReminderKind,
  installmentPausesAt,
  remindersDue,
} from '@hiwar/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Broadcast } from '../../realtime/broadcast.ts';
import type { MailSender } from '../notifications/mail.ts';
import { installmentReminderMail } from '../notifications/templates.ts';
import {
  claimReminder,
  findReminderCandidates,
  type ReminderCandidate,
} from './installment-reminders.repository.ts';

export type InstallmentRemindersDeps = {
  db: Database;
  mailer: MailSender;
  broadcast: Broadcast | null;
  config: Pick<AppConfig, 'publicUrls'>;
  log: FastifyBaseLogger;
  /** The app's clock: the job runs at its time (the dev clock moves reminders with everything else). */
  clock?: () => Date;
};

/**
 * Reminders about unpaid card installments (rules.md "Installments"; architecture §8): an Arabic
 * e-mail with a button to /payments, and the `installment-reminder` socket event (from a worker
 * instance too, through Redis: `Broadcast`). Each (installment, kind) is sent at most once, whichever workers run the job.
 */
export function createInstallmentReminders(deps: InstallmentRemindersDeps) {
  const { db, log } = deps;
  const clock = deps.clock ?? (() => new Date());
  const payUrl = `${deps.config.publicUrls.web.replace(/\/$/, '')}/payments`;

  /**
   * Sends one reminder unless another run did. The claim row and the e-mail share a database
   * transaction: a failed send rolls the claim back, so a later run tries again; a concurrent run
   * waits on the claim and then finds it taken.
   */
  async function send(candidate: ReminderCandidate, kind: InstallmentReminderKind): Promise<boolean> {
    const pausesAt = installmentPausesAt(candidate);
    const sent = await db.transaction(async (tx) => {
      if (!(await claimReminder(tx, candidate.id, kind))) {
        return false;
      }
      const mail = installmentReminderMail({
        kind,
        name: candidate.user.name,
        index: candidate.index,
        count: candidate.count,
        amount: candidate.amount,
        dueAt: candidate.dueAt,
        pausesAt,
        payUrl,
        timeZone: candidate.user.timezone,
      });
      await deps.mailer.send({ to: candidate.user.email, ...mail });
      return true;
    });
    if (sent) {
      const event: InstallmentReminderEvent = {
        kind,
        id: candidate.id,
        index: candidate.index,
        count: candidate.count,
        amount: candidate.amount,
        dueAt: candidate.dueAt.toISOString(),
        pausesAt: pausesAt.toISOString(),
      };
      deps.broadcast?.toUser(candidate.user.id, INSTALLMENT_REMINDER_EVENT, event);
    }
    return sent;
  }

  return {
    /**
     * The job: every reminder due at `now` (`remindersDue`) for the next unpaid installment of each
     * live installment plan, sent once. One failure is logged and left for the next run.
     */
    async sendDue(now = clock()): Promise<{ checked: number; sent: number }> {
      // A day wider than the first reminder's window: `remindersDue` decides, this only narrows the scan.
      const horizon = addZonedDays(now, INSTALLMENT_REMINDER_DAYS_BEFORE + 1);
      const candidates = await findReminderCandidates(db, now, horizon);
      let sent = 0;
      for (const candidate of candidates) {
        for (const kind of remindersDue(candidate, now)) {
          try {
            sent += (await send(candidate, kind)) ? 1 : 0;
          } catch (error) {
            log.warn(
              { err: error, installmentId: candidate.id, kind },
              'installment reminder not sent; the next run tries again',
            );
          }
        }
      }
      return { checked: candidates.length, sent };
    },
  };
}

export type InstallmentReminders = ReturnType<typeof createInstallmentReminders>;
