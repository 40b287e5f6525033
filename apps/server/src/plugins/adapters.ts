import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { JWTVerifyGetKey } from 'jose';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { createFileStore, type FileStore } from '../modules/assets/file-store.ts';
import { createStoredFiles, type StoredFiles } from '../modules/assets/stored-files.ts';
import { createGoogleVerifier, type GoogleVerifier } from '../modules/auth/google.ts';
import { createMailSender, type MailSender } from '../modules/notifications/mail.ts';
import { createMessaging, type Messaging } from '../modules/notifications/messaging.ts';

declare module 'fastify' {
  interface FastifyInstance {
    files: StoredFiles;
    mailer: MailSender;
    messaging: Messaging;
    google: GoogleVerifier;
  }
}

/** Replacements for the third-party adapters (tests; every one has a local default). */
export type AdapterOverrides = {
  fileStore?: FileStore | undefined;
  mailer?: MailSender | undefined;
  messaging?: Messaging | undefined;
  /** Keys Google ID tokens are checked against; default Google's published JWKS. */
  googleKeys?: JWTVerifyGetKey | undefined;
};

/**
 * The third parties behind one interface each, real when configured and local otherwise (spec:
 * the whole product runs offline): file store (disk or S3), mail (SMTP or outbox), WhatsApp and
 * Telegram (API or outbox), and the Google ID token verifier.
 */
export const adaptersPlugin = fp<{ config: AppConfig; db: Database; overrides: AdapterOverrides }>(
  async (app: FastifyInstance, { config, db, overrides }) => {
    const store = overrides.fileStore ?? createFileStore(config);
    app.decorate('files', createStoredFiles(db, store, config.publicUrls.web));
    app.decorate('mailer', overrides.mailer ?? createMailSender(config, db));
    app.decorate('messaging', overrides.messaging ?? createMessaging(config, db));
    app.decorate(
      'google',
      createGoogleVerifier({ clientId: config.googleClientId, keys: overrides.googleKeys }),
    );
  },
  { name: 'adapters' },
);
