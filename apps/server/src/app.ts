import zlib from 'node:zlib';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import {
  ADMIN_INTERVIEWS_CHANNEL,
  ADMIN_INVOICES_CHANNEL,
  BOUNDS,
  PLATFORM_SETTINGS_CHANNEL,
  REPORTS_CHANNEL,
} from '@hiwar/domain';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { AppConfig } from './config.ts';
import { isAdmin } from './core/auth.ts';
import type { Database } from './db/client.ts';
import { assetFilesRoutes, assetsRoutes } from './modules/assets/assets.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createSessions, type Sessions } from './modules/auth/session.ts';
import { createTokenService, type TokenService } from './modules/auth/token.ts';
import { availabilityRoutes } from './modules/availability/availability.routes.ts';
import { registerChatEvents } from './modules/chat/chat.events.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import { type ChatLimits, createChatLimits } from './modules/chat/chat.service.ts';
import { confirmationCodesRoutes } from './modules/confirmation-codes/confirmation-codes.routes.ts';
import {
  type ConfirmationCodes,
  createConfirmationCodes,
} from './modules/confirmation-codes/confirmation-codes.service.ts';
import { devClockRoutes } from './modules/dev-clock/dev-clock.routes.ts';
import { createDevClock } from './modules/dev-clock/dev-clock.ts';
import { favoritesRoutes } from './modules/favorites/favorites.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { interviewsRoutes, tutorSupplyRoutes } from './modules/interviews/interviews.routes.ts';
import { createInterviewsService } from './modules/interviews/interviews.service.ts';
import { createTutorSupplyService } from './modules/interviews/tutor-supply.service.ts';
import { invoicesRoutes, withdrawMethodsRoutes } from './modules/invoices/invoices.routes.ts';
import { leadSourcesRoutes } from './modules/lead-sources/lead-sources.routes.ts';
import { findQuotaLessons } from './modules/lessons/lessons.repository.ts';
import { lessonsRoutes } from './modules/lessons/lessons.routes.ts';
import { createLessonsService, type LessonsService } from './modules/lessons/lessons.service.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { devOutboxRoutes } from './modules/notifications/outbox.routes.ts';
import { telegramRoutes } from './modules/notifications/telegram.routes.ts';
import type { SubscriptionHooks } from './modules/payments/payment-status.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { transactionsRoutes } from './modules/payments/transactions.routes.ts';
import { couponsRoutes } from './modules/plans/coupons.routes.ts';
import { invitesRoutes } from './modules/plans/invites.routes.ts';
import { plansRoutes } from './modules/plans/plans.routes.ts';
import { ratingsRoutes } from './modules/ratings/ratings.routes.ts';
import { registerSessionEvents } from './modules/sessions/sessions.realtime.ts';
import { sessionsRoutes } from './modules/sessions/sessions.routes.ts';
import { createSessionsService } from './modules/sessions/sessions.service.ts';
import { platformSettingsRoutes } from './modules/settings/platform-settings.routes.ts';
import { registerServerStatsEvents } from './modules/stats/server-stats.realtime.ts';
import { createServerStats } from './modules/stats/server-stats.service.ts';
import { statsRoutes } from './modules/stats/stats.routes.ts';
import { subscriptionsRoutes } from './modules/subscriptions/subscriptions.routes.ts';
import type { QuotaLessonsSource } from './modules/subscriptions/subscriptions.service.ts';
import { contactRequestsRoutes } from './modules/support/contact-requests.routes.ts';
import { createContactRequestsService } from './modules/support/contact-requests.service.ts';
import { reportFilesRoutes, reportsRoutes } from './modules/support/reports.routes.ts';
import { createReportsService } from './modules/support/reports.service.ts';
import { topicsRoutes } from './modules/topics/topics.routes.ts';
import { cacheRoutes } from './modules/tutors/cache.routes.ts';
import { tutorsRoutes } from './modules/tutors/tutors.routes.ts';
import { createTutorsCache, TUTORS_CACHE_CHANNEL, type TutorsCache } from './modules/tutors/tutors-cache.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { type AdapterOverrides, adaptersPlugin } from './plugins/adapters.ts';
import { authPlugin } from './plugins/auth.ts';
import { errorsPlugin, sendNotFound } from './plugins/errors.ts';
import { type FawryOverrides, fawryPlugin } from './plugins/fawry.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { securityHeadersPlugin, securityOptions } from './plugins/security-headers.ts';
import { type RuntimeConfig, staticAppPlugin } from './plugins/static-app.ts';
import { registerBaseEvents } from './realtime/base.events.ts';
import { type Broadcast, redisBroadcast, socketBroadcast } from './realtime/broadcast.ts';
import { createLocalPresence, createRedisPresence, type Presence } from './realtime/presence.ts';
import { createRealtime, type Realtime } from './realtime/realtime.ts';
import { webRoot } from './static/app-roots.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Database;
    tokens: TokenService;
    sessions: Sessions;
    codes: ConfirmationCodes;
    /** Present when this instance runs the `realtime` role. */
    realtime: Realtime | null;
    /** Server-to-client sends from this instance, whatever its roles (null: nobody to reach). */
    broadcast: Broadcast | null;
    /**
     * Who is connected: the realtime role's own, or read from Redis by an instance without it (null:
     * neither, nobody is connected here).
     */
    presence: Presence | null;
    /** The app's time: `new Date()` unless a test or benchmark injects another clock. */
    clock: () => Date;
    /** The cached tutors list and what invalidates it. */
    tutorsCache: TutorsCache;
    /** Booking, rescheduling and cancelling lessons (shared by the availability and payments modules). */
    lessons: LessonsService;
    /** What the payments module does when a subscription ends early (cancels its future lessons). */
    subscriptionHooks: SubscriptionHooks;
    /** The lessons spending a student's weekly minutes (the subscriptions module's quota). */
    quotaLessons: QuotaLessonsSource;
    /** How often each user may act in chat, shared by the chat routes and the socket. */
    chatLimits: ChatLimits;
  }
}

export type AppDependencies = {
  db: Database;
  /** Shared by the socket.io adapter and the rate limiter; absent means in-process only. */
  redis?: { client: Redis; pub: Redis; sub: Redis } | undefined;
  /** Overrides where the built web app is read from (tests point it at a fixture). */
  webRoot?: string;
  /** The app's clock (tests move time: DST weeks, lessons that have ended). */
  clock?: () => Date;
} & AdapterOverrides &
  FawryOverrides;

export type App = FastifyInstance;

/** Paths the API owns on the web origin; they never fall back to the SPA. */
export const API_PREFIXES = ['/api/', '/assets/', '/socket.io/', '/health', '/dev/', '/fawry-sandbox/'];

/**
 * Builds the whole server (REST API, realtime, the web SPA) as one Fastify instance without
 * listening, so tests drive it through `inject()` and `main.ts` only listens and shuts down.
 */
export async function buildApp(config: AppConfig, deps: AppDependencies): Promise<App> {
  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    trustProxy: config.trustProxy,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const tokens = createTokenService(config.jwtSecret);
  // A revoked session also loses its sockets (on every instance, through the adapter).
  const sessions = createSessions(deps.db, tokens, {
    disconnect: (userId) => app.broadcast?.disconnectUser(userId),
  });
  app.decorate('config', config);
  app.decorate('db', deps.db);
  app.decorate('tokens', tokens);
  app.decorate('sessions', sessions);
  app.decorate('codes', createConfirmationCodes(deps.db, config.jwtSecret));
  app.decorate('realtime', null);
  const namespace = deps.redis ? await databaseName(deps.db) : undefined;
  // Replaced by the realtime role's own below; without it, Redis reaches the instances that run it.
  app.decorate('broadcast', deps.redis ? redisBroadcast(deps.redis.client, namespace) : null);
  // DEV_CLOCK=1 (local only): the clock `/dev/clock` moves, over the injected or real one.
  const devClock = config.devClock ? createDevClock(deps.clock ?? (() => new Date())) : null;
  app.decorate('clock', devClock?.now ?? deps.clock ?? (() => new Date()));
  const tutorsCache = await createTutorsCache({
    redis: deps.redis?.client,
    namespace,
    broadcast: () => app.broadcast,
    log: app.log,
  });
  app.decorate('tutorsCache', tutorsCache);
  app.addHook('onClose', () => tutorsCache.close());

  await app.register(errorsPlugin);
  // API JSON above 1 KB leaves compressed (brotli at a quick quality, else gzip); the front ends'
  // files are precompressed at build and negotiated by the static plugins, never compressed here.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: /^application\/json/,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
  await app.register(
    securityHeadersPlugin,
    securityOptions('web', runtimeConfig(config), ['/fawry-sandbox', '/dev/', '/api/docs']),
  );
  await app.register(cors, {
    origin: config.corsOrigins,
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
  });
  await app.register(rateLimitPlugin, { redis: deps.redis?.client, namespace });
  await app.register(openApiPlugin, { version: config.version });
  await app.register(adaptersPlugin, { config, db: deps.db, overrides: deps });
  await app.register(authPlugin, { sessions });
  const lessons = createLessonsService(app);
  app.decorate('lessons', lessons);
  app.decorate('subscriptionHooks', lessons.subscriptionHooks);
  app.decorate('quotaLessons', findQuotaLessons as QuotaLessonsSource);
  app.decorate('chatLimits', createChatLimits());
  await app.register(fawryPlugin, { config, overrides: deps });
  await app.register(multipart, {
    limits: { fileSize: BOUNDS.upload.videoMaxBytes, files: 3, fields: 10, parts: 13 },
  });

  const videoRooms = createSessionsService({ db: deps.db, config, files: app.files, clock: app.clock });
  // Presence is shared through Redis when there is one: the realtime role's instances heartbeat their
  // connections there, so the survivors announce a dead instance's users offline; others only read it.
  const member = config.roles.includes('realtime');
  const redisPresence = deps.redis
    ? createRedisPresence(deps.redis.client, { namespace, member, log: app.log })
    : null;
  app.decorate('presence', redisPresence ?? (member ? createLocalPresence(app.log) : null));
  if (!member) {
    app.addHook('onClose', async () => {
      await redisPresence?.close();
    });
  }
  if (app.presence && member) {
    const { presence } = app;
    const realtime = createRealtime(app.server, {
      authenticate: async (token) => {
        const user = await sessions.authenticate(token);
        // Staff follow withdrawals (AdminInvoices), interviews and support (Reports) live.
        return user
          ? {
              userId: user.id,
              rooms: isAdmin(user) ? [ADMIN_INVOICES_CHANNEL, ADMIN_INTERVIEWS_CHANNEL, REPORTS_CHANNEL] : [],
            }
          : null;
      },
      corsOrigins: config.corsOrigins,
      rooms: [TUTORS_CACHE_CHANNEL, PLATFORM_SETTINGS_CHANNEL],
      redis: deps.redis ? { pub: deps.redis.pub, sub: deps.redis.sub, namespace } : undefined,
      presence,
      logger: app.log,
    });
    registerBaseEvents(realtime, app.clock);
    registerSessionEvents(realtime, { sessions: videoRooms, db: deps.db, log: app.log });
    app.realtime = realtime;
    app.broadcast = socketBroadcast(realtime.io);
    registerChatEvents(realtime, app);
    app.addHook('preClose', async () => {
      realtime.io.local.disconnectSockets(true);
    });
    app.addHook('onClose', async () => {
      await realtime.close();
    });
  }

  // Live figures for SuperAdmins (the ServerStats channel), reported only while someone watches.
  const serverStats = createServerStats(app, { scaledOut: deps.redis !== undefined });
  app.decorate('serverStats', serverStats);
  if (app.realtime) {
    registerServerStatsEvents(app.realtime, { stats: serverStats, db: deps.db });
  }

  // Liveness, and readiness (database, migrations, Redis, jobs, shutdown) for load balancers.
  await app.register(healthRoutes, { redis: deps.redis?.client });
  if (config.roles.includes('api')) {
    const reports = createReportsService(app);
    await app.register(
      async (api) => {
        // Feature modules register here, each under its spec path (/api/v1/user, /api/v1/lesson, ...).
        await api.register(usersRoutes, { prefix: '/user' });
        await api.register(tutorsRoutes, { prefix: '/user' });
        await api.register(cacheRoutes, { prefix: '/cache' });
        await api.register(authRoutes, { prefix: '/auth' });
        await api.register(confirmationCodesRoutes, { prefix: '/confirmation-code' });
        await api.register(assetsRoutes);
        await api.register(plansRoutes, { prefix: '/plan' });
        await api.register(couponsRoutes, { prefix: '/coupon' });
        await api.register(invitesRoutes, { prefix: '/invite' });
        await api.register(paymentsRoutes, { prefix: '/fawry' });
        await api.register(transactionsRoutes, { prefix: '/transaction' });
        await api.register(subscriptionsRoutes, { prefix: '/sub' });
        await api.register(topicsRoutes, { prefix: '/topic' });
        await api.register(availabilityRoutes, { prefix: '/availability-slot' });
        await api.register(lessonsRoutes, { prefix: '/lesson' });
        await api.register(ratingsRoutes, { prefix: '/rating' });
        await api.register(favoritesRoutes, { prefix: '/favorite' });
        const interviews = createInterviewsService(app);
        await api.register(interviewsRoutes, { prefix: '/interview', interviews });
        await api.register(tutorSupplyRoutes, {
          prefix: '/user',
          interviews,
          supply: createTutorSupplyService(app),
        });
        await api.register(withdrawMethodsRoutes, { prefix: '/withdraw-method' });
        await api.register(invoicesRoutes, { prefix: '/invoice' });
        await api.register(chatRoutes, { prefix: '/chat' });
        await api.register(sessionsRoutes, { prefix: '/session', sessions: videoRooms });
        await api.register(telegramRoutes, { prefix: '/telegram' });
        await api.register(reportsRoutes, { prefix: '/report', reports });
        await api.register(contactRequestsRoutes, {
          prefix: '/contact-request',
          contactRequests: createContactRequestsService(app),
        });
        await api.register(platformSettingsRoutes, { prefix: '/platform-settings' });
        await api.register(statsRoutes, { prefix: '/stats' });
        await api.register(leadSourcesRoutes, { prefix: '/stats' });
        await api.register(mediaRoutes, { prefix: '/media' });
      },
      { prefix: '/api/v1' },
    );
    await app.register(assetFilesRoutes);
    await app.register(reportFilesRoutes, { reports });
    if (config.appServer === 'local') {
      await app.register(devOutboxRoutes);
      if (devClock) {
        await app.register(devClockRoutes, { clock: devClock });
      }
    }
  }

  if (config.serveStatic) {
    await app.register(staticAppPlugin, {
      root: deps.webRoot ?? webRoot(),
      runtimeConfig: runtimeConfig(config),
      spa: true,
      apiPrefixes: API_PREFIXES,
      serverRender: true,
    });
  } else {
    app.setNotFoundHandler(sendNotFound);
  }

  await app.ready();
  return app;
}

/** The database's name: instances sharing a Redis keep their caches apart by it. */
async function databaseName(db: Database): Promise<string> {
  const result = await db.execute<{ name: string }>(sql`SELECT current_database() AS name`);
  return result.rows[0]?.name ?? 'default';
}

/** What the browser apps are told at run time (public URLs only, never secrets). */
export function runtimeConfig(config: AppConfig): RuntimeConfig {
  return {
    apiUrl: config.publicUrls.web,
    socketUrl: config.publicUrls.web,
    appServer: config.appServer,
    webUrl: config.publicUrls.web,
    adminUrl: config.publicUrls.admin,
    landingUrl: config.publicUrls.landing,
    googleClientId: config.googleClientId ?? null,
    telegramBotUrl: config.telegram ? `https://t.me/${config.telegram.botUsername}` : null,
  };
}
