import {
  AppError,
  type CreateReportReplyRequestSchema,
  type CreateReportRequestSchema,
  type FindReportRepliesQuerySchema,
  type FindReportsQuerySchema,
  REPORT_REPLIED_EVENT,
  REPORT_UPDATED_EVENT,
  REPORTS_CHANNEL,
  type Report,
  type ReportEvent,
  ReportEventAction,
  type ReportListResponse,
  type ReportReply,
  type ReportReplyListResponse,
  Role,
  type StaffReportEvent,
  type UpdateReportRequest,
} from '@hiwar/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import { forbidden, isAdmin } from '../../core/auth.ts';
import { type Database, retryTransaction, type Transaction } from '../../db/client.ts';
import type { Broadcast } from '../../realtime/broadcast.ts';
import { type ImageRule, processImage } from '../assets/media.ts';
import type { StoredFiles } from '../assets/stored-files.ts';
import type { UploadedImage } from '../assets/uploads.ts';
import type { MailSender } from '../notifications/mail.ts';
import { findUserById, type UserRow } from '../users/users.repository.ts';
import {
  countUnresolvedReports,
  deleteReplyRow,
  deleteReportRow,
  findConversation,
  findMemberLessonStart,
  findReplyView,
  findReplyViews,
  findReportRow,
  findReportView,
  findReportViews,
  hasStaffReply,
  insertReply,
  insertReport,
  lockReport,
  type ReportReplyViewRow,
  type ReportRow,
  type ReportViewRow,
  updateReplyRow,
  updateReportRow,
} from './reports.repository.ts';
import { reportReplyMail } from './support.mail.ts';

export type ReportsDeps = {
  db: Database;
  files: StoredFiles;
  /** Read at each send: the realtime role replaces it after the services are built. */
  broadcast: Broadcast | null;
  mailer: MailSender;
  config: Pick<AppConfig, 'publicUrls'>;
  log: FastifyBaseLogger;
  clock: () => Date;
};

type CreateReportInput = z.output<typeof CreateReportRequestSchema>;
type CreateReplyInput = z.output<typeof CreateReportReplyRequestSchema>;
type FindReportsInput = z.output<typeof FindReportsQuerySchema>;
type FindRepliesInput = z.output<typeof FindReportRepliesQuerySchema>;

/** Screenshots: any readable picture, at most 2000 px on a side once stored (like receipts). */
export const SCREENSHOT: ImageRule = { minWidth: 1, minHeight: 1, width: 2000, height: 2000, fit: 'inside' };

/** Private URL of a report's screenshot, served to the reporter and staff by `GET /assets/reports/{name}`. */
export function screenshotUrl(webUrl: string, name: string): string {
  return `${webUrl.replace(/\/$/, '')}/assets/reports/${name}`;
}

/**
 * Reports and their conversations (rules.md "Reports and contact requests"; spec §7 "Report", "Report
 * reply"). Anyone signed in reports a problem about the app or one of their lessons; staff (SuperAdmin,
 * RegularAdmin) see every report, reply and mark reports resolved. The reporter edits or deletes a
 * report only until staff replied (`report-has-reply`): each of those writes and each reply takes the
 * report's row lock first, so a reply arriving meanwhile is always seen. Anyone else is told a report
 * does not exist (`report-not-found`), so ids reveal nothing.
 *
 * After each commit staff are told on the `Reports` channel; the reporter on their own sockets
 * (`report-replied` for a staff reply, which is also e-mailed; `report-updated` otherwise).
 */
export function createReportsService(deps: ReportsDeps) {
  const { db, files, clock, log } = deps;
  const webUrl = deps.config.publicUrls.web.replace(/\/$/, '');

  const person = (row: { id: number; name: string | null; image: string | null }) => ({
    id: row.id,
    name: row.name,
    image: row.image ? files.uploadUrl(row.image) : null,
  });

  function toReport(view: ReportViewRow): Report {
    const { report } = view;
    return {
      id: report.id,
      userId: report.userId,
      reporter: { ...person(view.reporter), email: view.reporter.email, role: view.reporter.role },
      title: report.title,
      description: report.description,
      lessonId: report.lessonId,
      lessonStart: view.lessonStart?.toISOString() ?? null,
      screenshot: report.screenshot ? screenshotUrl(webUrl, report.screenshot) : null,
      resolved: report.resolvedAt !== null,
      resolvedAt: report.resolvedAt?.toISOString() ?? null,
      resolvedBy: view.resolvedBy ? person(view.resolvedBy) : null,
      replyCount: view.replyCount,
      hasStaffReply: view.hasStaffReply,
      lastReplyAt: view.lastReplyAt?.toISOString() ?? null,
      createdAt: report.createdAt.toISOString(),
      updatedAt: report.updatedAt.toISOString(),
    };
  }

  function toReply(view: ReportReplyViewRow): ReportReply {
    const { reply } = view;
    return {
      id: reply.id,
      reportId: reply.reportId,
      author: view.author ? { ...person(view.author), role: view.author.role } : null,
      fromStaff: reply.authorId !== view.reporterId,
      text: reply.text,
      createdAt: reply.createdAt.toISOString(),
      updatedAt: reply.updatedAt.toISOString(),
    };
  }

  async function reportOf(id: number): Promise<Report> {
    const view = await findReportView(db, id);
    if (!view) {
      throw new AppError('report-not-found');
    }
    return toReport(view);
  }

  async function replyOf(id: number): Promise<ReportReply> {
    const view = await findReplyView(db, id);
    if (!view) {
      throw new AppError('report-reply-not-found');
    }
    return toReply(view);
  }

  /** The report, if the caller may see it: its reporter or staff; anyone else is told it does not exist. */
  async function visibleReport(id: number, caller: UserRow): Promise<ReportRow> {
    const row = await findReportRow(db, id);
    if (!row || (row.userId !== caller.id && !isAdmin(caller))) {
      throw new AppError('report-not-found');
    }
    return row;
  }

  /** The reply, if the caller may see its report. */
  async function visibleReply(id: number, caller: UserRow): Promise<ReportReplyViewRow> {
    const view = await findReplyView(db, id);
    if (!view || (view.reporterId !== caller.id && !isAdmin(caller))) {
      throw new AppError('report-reply-not-found');
    }
    return view;
  }

  /** One transaction holding the report's row lock, run again if PostgreSQL picked it as a deadlock victim. */
  const withLockedReport = <T>(id: number, work: (tx: Transaction, report: ReportRow) => Promise<T>) =>
    retryTransaction(() =>
      db.transaction(async (tx) => {
        const report = await lockReport(tx, id);
        if (!report) {
          throw new AppError('report-not-found');
        }
        return work(tx, report);
      }),
    );

  /** Tells staff (and, when it is about their report and someone else acted, the reporter). */
  function announce(
    action: ReportEventAction,
    report: Report,
    options: {
      reply?: ReportReply | null;
      toReporter?: typeof REPORT_REPLIED_EVENT | typeof REPORT_UPDATED_EVENT;
    } = {},
  ) {
    const event: ReportEvent = { action, report, reply: options.reply ?? null, at: clock().toISOString() };
    if (options.toReporter) {
      deps.broadcast?.toUser(report.userId, options.toReporter, event);
    }
    void countUnresolvedReports(db)
      .then((unresolved) => {
        const staffEvent: StaffReportEvent = { ...event, unresolved };
        deps.broadcast?.toRoom(REPORTS_CHANNEL, REPORTS_CHANNEL, staffEvent);
      })
      .catch((error: unknown) => log.error({ err: error, reportId: report.id }, 'reports channel failed'));
  }

  /** E-mails the reporter a staff reply (best effort: a failed e-mail is logged, the reply stands). */
  function mailReply(report: Report, reply: ReportReply) {
    void (async () => {
      const reporter = await findUserById(db, report.userId);
      if (!reporter) {
        return;
      }
      const mail = reportReplyMail({
        name: reporter.name,
        title: report.title,
        reply: reply.text,
        reportUrl: `${webUrl}/reports?id=${report.id}`,
      });
      await deps.mailer.send({ to: reporter.email, ...mail });
    })().catch((error: unknown) =>
      log.error({ err: error, reportId: report.id }, 'report reply e-mail failed'),
    );
  }

  return {
    /** A new report; the screenshot is checked by its content and stored privately. */
    async createReport(
      caller: UserRow,
      input: CreateReportInput,
      screenshot: UploadedImage | null,
    ): Promise<Report> {
      if (input.lessonId !== null && !(await findMemberLessonStart(db, input.lessonId, caller.id))) {
        throw new AppError('lesson-not-found');
      }
      let fileName: string | null = null;
      if (screenshot) {
        const image = await processImage(screenshot.buffer, SCREENSHOT);
        const file = await files.save({
          kind: 'report',
          ownerId: caller.id,
          extension: image.extension,
          mime: image.mime,
          size: image.buffer.length,
          source: { buffer: image.buffer },
        });
        fileName = file.name;
      }
      let row: ReportRow;
      try {
        row = await insertReport(db, {
          userId: caller.id,
          title: input.title,
          description: input.description,
          lessonId: input.lessonId,
          screenshot: fileName,
        });
      } catch (error) {
        await files.discard(fileName);
        throw error;
      }
      const report = await reportOf(row.id);
      announce(ReportEventAction.Created, report);
      return report;
    },

    async getReport(caller: UserRow, id: number): Promise<Report> {
      await visibleReport(id, caller);
      return reportOf(id);
    },

    /**
     * The reporter changes the title or description while no staff reply exists; staff mark it resolved
     * or open it again. Each field is checked against the caller before anything changes (`forbidden`).
     */
    async updateReport(caller: UserRow, id: number, patch: UpdateReportRequest): Promise<Report> {
      const found = await visibleReport(id, caller);
      const isReporter = found.userId === caller.id;
      const editsText = patch.title !== undefined || patch.description !== undefined;
      if ((editsText && !isReporter) || (patch.resolved !== undefined && !isAdmin(caller))) {
        throw forbidden();
      }
      await withLockedReport(id, async (tx, report) => {
        if (editsText && (await hasStaffReply(tx, report))) {
          throw new AppError('report-has-reply');
        }
        const resolution =
          patch.resolved === undefined
            ? {}
            : patch.resolved
              ? { resolvedAt: report.resolvedAt ?? clock(), resolvedBy: report.resolvedBy ?? caller.id }
              : { resolvedAt: null, resolvedBy: null };
        await updateReportRow(tx, id, {
          ...(patch.title === undefined ? {} : { title: patch.title }),
          ...(patch.description === undefined ? {} : { description: patch.description }),
          ...resolution,
        });
      });
      const report = await reportOf(id);
      announce(ReportEventAction.Updated, report, isReporter ? {} : { toReporter: REPORT_UPDATED_EVENT });
      return report;
    },

    /** The reporter deletes their report while no staff reply exists; a SuperAdmin any report. */
    async deleteReport(caller: UserRow, id: number): Promise<{ ok: true }> {
      const found = await visibleReport(id, caller);
      const isReporter = found.userId === caller.id;
      if (!isReporter && caller.role !== Role.SuperAdmin) {
        throw forbidden();
      }
      const before = await reportOf(id);
      const screenshot = await withLockedReport(id, async (tx, report) => {
        if (caller.role !== Role.SuperAdmin && (await hasStaffReply(tx, report))) {
          throw new AppError('report-has-reply');
        }
        await deleteReportRow(tx, id);
        return report.screenshot;
      });
      await files
        .discard(screenshot)
        .catch((error: unknown) => log.warn({ err: error }, 'screenshot not removed'));
      announce(ReportEventAction.Deleted, before, isReporter ? {} : { toReporter: REPORT_UPDATED_EVENT });
      return { ok: true };
    },

    /** Reports newest first: the caller's own, or everyone's (with filters) for staff. */
    async findReports(caller: UserRow, query: FindReportsInput): Promise<ReportListResponse> {
      const staff = isAdmin(caller);
      if (!staff && query.userId !== undefined && query.userId !== caller.id) {
        throw forbidden();
      }
      const filter = { ...query, userId: staff ? query.userId : caller.id };
      const [page, unresolved] = await Promise.all([
        findReportViews(db, filter, query),
        countUnresolvedReports(db, staff ? undefined : caller.id),
      ]);
      return { list: page.rows.map(toReport), total: page.total, unresolved };
    },

    /**
     * A reply: staff answer (the reporter is told live and by e-mail), or the reporter follows up (a
     * resolved report opens again: the reporter is not done).
     */
    async createReply(caller: UserRow, input: CreateReplyInput): Promise<ReportReply> {
      await visibleReport(input.reportId, caller);
      const row = await withLockedReport(input.reportId, async (tx, report) => {
        const reply = await insertReply(tx, { reportId: report.id, authorId: caller.id, text: input.text });
        if (report.userId === caller.id && report.resolvedAt !== null) {
          await updateReportRow(tx, report.id, { resolvedAt: null, resolvedBy: null });
        }
        return reply;
      });
      const [reply, report] = await Promise.all([replyOf(row.id), reportOf(input.reportId)]);
      if (reply.fromStaff) {
        announce(ReportEventAction.Replied, report, { reply, toReporter: REPORT_REPLIED_EVENT });
        mailReply(report, reply);
      } else {
        announce(ReportEventAction.Replied, report, { reply });
      }
      return reply;
    },

    async getReply(caller: UserRow, id: number): Promise<ReportReply> {
      return toReply(await visibleReply(id, caller));
    },

    /** Its author changes a reply. */
    async updateReply(caller: UserRow, id: number, text: string): Promise<ReportReply> {
      const view = await visibleReply(id, caller);
      if (view.reply.authorId !== caller.id) {
        throw new AppError('not-owner', { message: 'Only its author may change a reply' });
      }
      await withLockedReport(view.reply.reportId, async (tx) => {
        await updateReplyRow(tx, id, text);
      });
      const [reply, report] = await Promise.all([replyOf(id), reportOf(view.reply.reportId)]);
      announce(ReportEventAction.ReplyUpdated, report, {
        reply,
        ...(reply.fromStaff ? { toReporter: REPORT_UPDATED_EVENT } : {}),
      });
      return reply;
    },

    /** Its author, or a SuperAdmin, deletes a reply. */
    async deleteReply(caller: UserRow, id: number): Promise<{ ok: true }> {
      const view = await visibleReply(id, caller);
      if (view.reply.authorId !== caller.id && caller.role !== Role.SuperAdmin) {
        throw new AppError('not-owner', { message: 'Only its author may delete a reply' });
      }
      const reply = toReply(view);
      await withLockedReport(view.reply.reportId, async (tx) => {
        await deleteReplyRow(tx, id);
      });
      const report = await reportOf(view.reply.reportId);
      announce(ReportEventAction.ReplyDeleted, report, {
        reply,
        ...(reply.fromStaff ? { toReporter: REPORT_UPDATED_EVENT } : {}),
      });
      return { ok: true };
    },

    /** A report's whole conversation, oldest first (the reporter and staff). */
    async findConversation(caller: UserRow, reportId: number): Promise<ReportReplyListResponse> {
      await visibleReport(reportId, caller);
      const rows = await findConversation(db, reportId);
      return { list: rows.map(toReply), total: rows.length };
    },

    /** Every reply, newest first (staff). */
    async findReplies(query: FindRepliesInput): Promise<ReportReplyListResponse> {
      const page = await findReplyViews(db, query, query);
      return { list: page.rows.map(toReply), total: page.total };
    },

    /**
     * A report's screenshot for `GET /assets/reports/{name}`: the reporter's own, or any for staff
     * (`forbidden` for anyone else, `asset-not-found` for a name that is not a screenshot).
     */
    async openScreenshot(name: string, caller: UserRow) {
      const file = await files.find(name);
      if (file?.kind !== 'report') {
        throw new AppError('asset-not-found');
      }
      if (file.ownerId !== caller.id && !isAdmin(caller)) {
        throw forbidden();
      }
      const stream = await files.open(file.name);
      if (!stream) {
        throw new AppError('asset-not-found');
      }
      return { file, stream };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
