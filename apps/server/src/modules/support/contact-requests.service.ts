import {
  AppError,
  CONTACT_REQUESTS_EVENT,
  type ContactRequest,
  type ContactRequestEvent,
  type ContactRequestListResponse,
  type CreateContactRequestRequestSchema,
  type FindContactRequestsQuerySchema,
  REPORTS_CHANNEL,
} from '@hiwar/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Broadcast } from '../../realtime/broadcast.ts';
import type { StoredFiles } from '../assets/stored-files.ts';
import type { MailSender } from '../notifications/mail.ts';
import type { UserRow } from '../users/users.repository.ts';
import {
  type ContactRequestViewRow,
  countUnhandledContactRequests,
  findContactRequestView,
  findContactRequestViews,
  findSuperAdmins,
  insertContactRequest,
  setContactRequestHandled,
} from './contact-requests.repository.ts';
import { contactRequestMail } from './support.mail.ts';

export type ContactRequestsDeps = {
  db: Database;
  files: Pick<StoredFiles, 'uploadUrl'>;
  /** Read at each send: the realtime role replaces it after the services are built. */
  broadcast: Broadcast | null;
  mailer: MailSender;
  config: Pick<AppConfig, 'publicUrls'>;
  log: FastifyBaseLogger;
  clock: () => Date;
};

type CreateInput = z.output<typeof CreateContactRequestRequestSchema>;
type FindInput = z.output<typeof FindContactRequestsQuerySchema>;

/**
 * Contact requests from the public site's `/contact` form (rules.md "Reports and contact requests"):
 * stored with the sender's address (for abuse only), e-mailed to every SuperAdmin and announced to
 * staff on the `Reports` channel (`ContactRequests` event); staff list them and mark them handled.
 */
export function createContactRequestsService(deps: ContactRequestsDeps) {
  const { db, files, clock, log } = deps;
  const inboxUrl = `${deps.config.publicUrls.admin.replace(/\/$/, '')}/contact-requests`;

  function toContactRequest(view: ContactRequestViewRow): ContactRequest {
    const { request } = view;
    return {
      id: request.id,
      name: request.name,
      phone: request.phone,
      email: request.email,
      title: request.title,
      message: request.message,
      handled: request.handledAt !== null,
      handledAt: request.handledAt?.toISOString() ?? null,
      handledBy: view.handledBy
        ? {
            id: view.handledBy.id,
            name: view.handledBy.name,
            image: view.handledBy.image ? files.uploadUrl(view.handledBy.image) : null,
          }
        : null,
      createdAt: request.createdAt.toISOString(),
    };
  }

  async function viewOf(id: number): Promise<ContactRequest> {
    const view = await findContactRequestView(db, id);
    if (!view) {
      throw new AppError('contact-request-not-found');
    }
    return toContactRequest(view);
  }

  function announce(action: ContactRequestEvent['action'], contactRequest: ContactRequest) {
    void countUnhandledContactRequests(db)
      .then((unhandled) => {
        const event: ContactRequestEvent = { action, contactRequest, unhandled, at: clock().toISOString() };
        deps.broadcast?.toRoom(REPORTS_CHANNEL, CONTACT_REQUESTS_EVENT, event);
      })
      .catch((error: unknown) => log.error({ err: error }, 'contact requests channel failed'));
  }

  /** E-mails every SuperAdmin (best effort: a failed e-mail is logged, the request is kept). */
  function mailSuperAdmins(request: ContactRequest) {
    void (async () => {
      for (const admin of await findSuperAdmins(db)) {
        const mail = contactRequestMail({
          name: admin.name,
          sender: { name: request.name, phone: request.phone, email: request.email },
          title: request.title,
          message: request.message,
          inboxUrl,
        });
        await deps.mailer.send({ to: admin.email, ...mail });
      }
    })().catch((error: unknown) =>
      log.error({ err: error, contactRequestId: request.id }, 'contact request e-mail failed'),
    );
  }

  return {
    async createContactRequest(input: CreateInput, ip: string): Promise<{ ok: true }> {
      const row = await insertContactRequest(db, { ...input, ip });
      const request = await viewOf(row.id);
      announce('created', request);
      mailSuperAdmins(request);
      return { ok: true };
    },

    async findContactRequests(query: FindInput): Promise<ContactRequestListResponse> {
      const [page, unhandled] = await Promise.all([
        findContactRequestViews(db, query, query),
        countUnhandledContactRequests(db),
      ]);
      return { list: page.rows.map(toContactRequest), total: page.total, unhandled };
    },

    /** Marks a request handled (by the caller, now; kept as first marked) or open again. */
    async setHandled(caller: UserRow, id: number, handled: boolean): Promise<ContactRequest> {
      const found = await setContactRequestHandled(db, id, handled ? { at: clock(), by: caller.id } : null);
      if (!found) {
        throw new AppError('contact-request-not-found');
      }
      const request = await viewOf(id);
      announce('updated', request);
      return request;
    },
  };
}

export type ContactRequestsService = ReturnType<typeof createContactRequestsService>;
