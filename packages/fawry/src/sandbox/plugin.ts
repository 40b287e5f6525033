import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { FAWRY_PATHS } from '../client.ts';
import { CardTokenizationQuerySchema } from '../types.ts';
import {
  type ApiResult,
  completeThreeDs,
  handleCancelUnpaidOrder,
  handleCharge,
  handleDeleteCardToken,
  handleInstallmentPlans,
  handleListCardTokens,
  handlePaymentStatusV2,
  handleRefund,
  threeDsReturnQuery,
} from './api.ts';
import { passesLuhn, SANDBOX_TEST_CARDS } from './cards.ts';
import { registerControlRoutes } from './control.ts';
import {
  createFawrySandbox,
  type FawrySandbox,
  type FawrySandboxOptions,
  SandboxTransitionError,
} from './engine.ts';
import {
  homePage,
  referencePage,
  resultPage,
  type TokenizationForm,
  threeDsPage,
  tokenizationPage,
  walletPage,
} from './pages.ts';

/** Where the server mounts the sandbox; the client's baseUrl is then `${webUrl}${FAWRY_SANDBOX_PREFIX}`. */
export const FAWRY_SANDBOX_PREFIX = '/fawry-sandbox';

/** Sandbox-only credentials for local mode (not secrets: the sandbox moves no money). */
export const FAWRY_SANDBOX_MERCHANT_CODE = '770000000001';
export const FAWRY_SANDBOX_SECURE_KEY = 'hiwar-sandbox-0000-0000-000000000000';

/** Options of the plugin: the sandbox options, or an existing sandbox (to drive it from tests). */
export type FawrySandboxPluginOptions = FawrySandboxOptions | { sandbox: FawrySandbox };

/** Our pages set their own policy: framable (the tokenization iframe), forms may redirect anywhere. */
const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self' http: https:; frame-ancestors *; base-uri 'none'";

/**
 * The Fawry sandbox as a Fastify plugin: Fawry's API paths, the payer pages and the control API, under
 * the prefix it is registered with. Not wrapped in fastify-plugin on purpose: its error handler, form
 * parser and hooks stay inside its scope.
 *
 * ```ts
 * app.register(fawrySandbox, { prefix: FAWRY_SANDBOX_PREFIX, merchantCode, secureKey, notificationUrl });
 * ```
 */
export const fawrySandbox: FastifyPluginAsync<FawrySandboxPluginOptions> = async (app, options) => {
  const sandbox = 'sandbox' in options ? options.sandbox : createFawrySandbox(options);
  const ownsSandbox = !('sandbox' in options);
  app.addHook('preClose', async () => {
    sandbox.releaseHangs();
    if (ownsSandbox) {
      sandbox.close();
    }
  });

  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );
  }

  app.setErrorHandler((error: { statusCode?: number; message?: string }, request, reply) => {
    const status = typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) {
      request.log.error({ err: error }, 'Fawry sandbox error');
    }
    return reply.code(status).send({
      code: status,
      description: status === 500 ? 'Sandbox error' : (error.message ?? 'Bad request'),
    });
  });

  const publicBase = (request: FastifyRequest) =>
    (sandbox.options.publicBaseUrl ?? `${request.protocol}://${request.host}${app.prefix}`).replace(
      /\/+$/,
      '',
    );

  /** A Fawry API route: injected faults first, then the handler's status and body. */
  const api =
    (handler: (request: FastifyRequest) => Promise<ApiResult> | ApiResult) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      if (sandbox.takeFault('http-500')) {
        return reply.code(500).send({ code: 500, description: 'Internal Server Error (sandbox fault)' });
      }
      if (sandbox.takeFault('hang')) {
        await sandbox.hang(new Promise((resolve) => reply.raw.once('close', resolve)));
        if (reply.raw.destroyed) {
          reply.hijack(); // the caller gave up: nobody to answer
          return;
        }
        return reply.code(503).send({ code: 503, description: 'Service Unavailable (sandbox fault)' });
      }
      const result = await handler(request);
      return reply.code(result.status).send(result.body);
    };

  app.post(
    FAWRY_PATHS.charge,
    api((request) => handleCharge(sandbox, request.body, publicBase(request))),
  );
  app.post(
    FAWRY_PATHS.walletCharge,
    api((request) => handleCharge(sandbox, request.body, publicBase(request))),
  );
  app.get(
    FAWRY_PATHS.paymentStatusV2,
    api((request) => handlePaymentStatusV2(sandbox, request.query)),
  );
  app.post(
    FAWRY_PATHS.cancelUnpaidOrder,
    api((request) => handleCancelUnpaidOrder(sandbox, request.body)),
  );
  app.post(
    FAWRY_PATHS.refund,
    api((request) => handleRefund(sandbox, request.body)),
  );
  app.get(
    FAWRY_PATHS.cardTokens,
    api((request) => handleListCardTokens(sandbox, request.query)),
  );
  app.delete(
    FAWRY_PATHS.cardTokens,
    api((request) => handleDeleteCardToken(sandbox, request.query)),
  );
  app.get(
    FAWRY_PATHS.installmentPlans,
    api((request) => handleInstallmentPlans(sandbox, request.query)),
  );

  registerPages(app, sandbox);
  registerControlRoutes(app, sandbox);
};

function html(reply: FastifyReply, status: number, body: string) {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(body);
}

/** After the parent's hooks: drop X-Frame-Options and set our own CSP on sandbox pages. */
async function pageHeaders(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  reply.removeHeader('x-frame-options');
  reply.header('content-security-policy', PAGE_CSP);
  return payload;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function withQuery(base: string, params: URLSearchParams): string {
  const url = new URL(base);
  for (const [key, value] of params) {
    url.searchParams.set(key, value);
  }
  return url.toString();
}

function registerPages(app: FastifyInstance, sandbox: FawrySandbox) {
  const page = { onSend: pageHeaders };
  const field = (body: unknown, key: string) => {
    const value = (body as Record<string, unknown> | null | undefined)?.[key];
    return typeof value === 'string' ? value.trim() : '';
  };

  // Links by path: a person browsing the sandbox stays on the origin they opened it on (localhost or
  // 127.0.0.1), whatever public address the API answers carry.
  app.get('/', page, async (_request, reply) =>
    html(reply, 200, homePage(await sandbox.listOrders(), app.prefix)),
  );

  // §3.8 card tokenization page -------------------------------------------------------------------
  const tokenizationError = (message: string) => resultPage('إضافة بطاقة', message);

  app.get(FAWRY_PATHS.cardTokenization, page, async (request, reply) => {
    const parsed = CardTokenizationQuerySchema.safeParse(request.query);
    if (!parsed.success || parsed.data.accNo !== sandbox.merchantCode || !isHttpUrl(parsed.data.returnUrl)) {
      return html(reply, 400, tokenizationError('رابط إضافة البطاقة غير صالح (رمز التاجر أو رابط العودة).'));
    }
    const { accNo, customerProfileId, returnUrl, locale } = parsed.data;
    return html(
      reply,
      200,
      tokenizationPage({ accNo, customerProfileId, returnUrl, locale: locale ?? 'ar' }),
    );
  });

  app.post(FAWRY_PATHS.cardTokenization, page, async (request, reply) => {
    const body = request.body;
    const form: TokenizationForm = {
      accNo: field(body, 'accNo'),
      customerProfileId: field(body, 'customerProfileId'),
      returnUrl: field(body, 'returnUrl'),
      locale: field(body, 'locale') || 'ar',
      cardHolderName: field(body, 'cardHolderName'),
    };
    if (form.accNo !== sandbox.merchantCode || !form.customerProfileId || !isHttpUrl(form.returnUrl)) {
      return html(
        reply,
        400,
        tokenizationError('طلب إضافة البطاقة غير صالح (رمز التاجر أو العميل أو رابط العودة).'),
      );
    }
    const retry = (error: string) => html(reply, 400, tokenizationPage({ ...form, error }));
    const cardNumber = field(body, 'cardNumber').replace(/[\s-]/g, '');
    if (!passesLuhn(cardNumber)) {
      return retry('رقم البطاقة غير صحيح.');
    }
    const expiry = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(field(body, 'expiry'));
    const month = expiry ? Number(expiry[1]) : 0;
    const year = expiry ? Number((expiry[2] as string).slice(-2)) + 2000 : 0;
    const now = new Date(sandbox.now());
    const expired =
      year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1);
    if (!expiry || month < 1 || month > 12 || expired) {
      return retry('تاريخ انتهاء البطاقة غير صحيح أو منتهٍ.');
    }
    if (!/^\d{3,4}$/.test(field(body, 'cvv'))) {
      return retry('رمز الأمان (CVV) يجب أن يكون 3 أو 4 أرقام.');
    }
    const cardHolderName = form.cardHolderName ?? '';
    if (cardHolderName.length < 2 || cardHolderName.length > 60) {
      return retry('اكتب اسم حامل البطاقة كما هو مطبوع عليها.');
    }
    if (cardNumber === SANDBOX_TEST_CARDS.refusedAtTokenization) {
      return reply.redirect(
        withQuery(
          form.returnUrl,
          new URLSearchParams({ statusCode: '99914', statusDescription: 'Invalid card' }),
        ),
        302,
      );
    }
    const card = await sandbox.addCard({
      customerProfileId: form.customerProfileId,
      cardNumber,
      expiryMonth: String(month).padStart(2, '0'),
      expiryYear: String(year % 100).padStart(2, '0'),
      cardHolderName,
    });
    const params = new URLSearchParams({
      statusCode: '200',
      statusDescription: 'Operation done successfully',
      token: card.token,
      creationDate: String(card.creationDate),
      lastFourDigits: card.lastFourDigits,
      firstSixDigits: card.firstSixDigits,
      isDefault: String(card.isDefault),
      default: String(card.isDefault),
      cardHolderName: card.cardHolderName,
    });
    return reply.redirect(withQuery(form.returnUrl, params), 302);
  });

  // 3-D Secure ---------------------------------------------------------------------------------------
  app.get<{ Params: { merchantRefNum: string } }>(
    '/emu/3ds/:merchantRefNum',
    page,
    async (request, reply) => {
      const order = await sandbox.findOrder(request.params.merchantRefNum);
      if (order?.kind !== 'CARD') {
        return html(reply, 404, resultPage('التحقق الآمن', 'لا توجد عملية بطاقة بهذا الرقم.'));
      }
      const cards = order.customerProfileId ? await sandbox.listCards(order.customerProfileId) : [];
      return html(
        reply,
        200,
        threeDsPage(
          order,
          cards.find((card) => card.token === order.cardToken),
        ),
      );
    },
  );

  app.post<{ Params: { merchantRefNum: string } }>(
    '/emu/3ds/:merchantRefNum',
    page,
    async (request, reply) => {
      const decision = field(request.body, 'decision') === 'decline' ? 'decline' : 'approve';
      const order = await completeThreeDs(sandbox, request.params.merchantRefNum, decision);
      if (!order) {
        return html(reply, 404, resultPage('التحقق الآمن', 'لا توجد عملية بطاقة بهذا الرقم.'));
      }
      if (!order.returnUrl || !isHttpUrl(order.returnUrl)) {
        return html(reply, 200, resultPage('التحقق الآمن', 'انتهت عملية التحقق.', order));
      }
      return reply.redirect(withQuery(order.returnUrl, threeDsReturnQuery(order, sandbox.secureKey)), 302);
    },
  );

  // Wallet and reference number ------------------------------------------------------------------------
  for (const [path, kind, render, title] of [
    ['/emu/wallet/:ref', 'MWALLET', walletPage, 'الدفع من المحفظة'],
    ['/emu/pay/:ref', 'PAYATFAWRY', referencePage, 'الدفع في فوري'],
  ] as const) {
    const find = async (ref: string) => {
      const order = await sandbox.findOrder(ref);
      return order?.kind === kind ? order : undefined;
    };
    app.get<{ Params: { ref: string } }>(path, page, async (request, reply) => {
      const order = await find(request.params.ref);
      return order
        ? html(reply, 200, render(order))
        : html(reply, 404, resultPage(title, 'لا يوجد طلب بهذا الرقم.'));
    });
    app.post<{ Params: { ref: string } }>(path, page, async (request, reply) => {
      const order = await find(request.params.ref);
      if (!order) {
        return html(reply, 404, resultPage(title, 'لا يوجد طلب بهذا الرقم.'));
      }
      if (order.status !== 'UNPAID' && order.status !== 'NEW') {
        return html(reply, 409, render(order));
      }
      try {
        const paid = await sandbox.pay(order.merchantRefNum, 'page');
        return html(reply, 200, resultPage(title, 'تم الدفع بنجاح. سيصل إشعار الدفع إلى التاجر.', paid));
      } catch (error) {
        if (error instanceof SandboxTransitionError) {
          return html(reply, 409, render(error.order)); // paid, cancelled or expired meanwhile
        }
        throw error;
      }
    });
  }
}
