import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { cardWire } from './api.ts';
import { SANDBOX_TEST_CARDS } from './cards.ts';
import { type FawrySandbox, SandboxTransitionError } from './engine.ts';
import type { SandboxOrder } from './model.ts';

/**
 * The control API for tests and demos, under `<prefix>/__control` (README "Control API"). It moves
 * orders as Fawry's side would (a cash payment at an outlet, expiry, a failure, a refund from Fawry's
 * portal) and shows what was sent. JSON in and out; errors are `{ error, message }`.
 */

const FailBodySchema = z
  .object({ code: z.number().int().positive().optional(), reason: z.string().optional() })
  .optional();
const RefundBodySchema = z.object({ amountPiasters: z.number().int().positive().optional() }).optional();
const RedeliverBodySchema = z.object({ times: z.number().int().min(1).max(50).optional() }).optional();
const AddCardBodySchema = z.object({
  customerProfileId: z.union([z.string().min(1), z.number().int()]).transform(String),
  cardNumber: z
    .string()
    .regex(/^\d{12,19}$/)
    .optional(),
  cardHolderName: z.string().min(1).optional(),
  expiryMonth: z
    .string()
    .regex(/^\d{2}$/)
    .optional(),
  expiryYear: z
    .string()
    .regex(/^\d{2}$/)
    .optional(),
});
const FaultBodySchema = z.object({
  fault: z.enum(['http-500', 'hang', 'bad-notification-signature']),
  times: z.number().int().min(1).max(100).optional(),
});

type RefParams = { Params: { ref: string } };

export function registerControlRoutes(app: FastifyInstance, sandbox: FawrySandbox): void {
  app.register(
    async (control) => {
      const token = sandbox.options.controlToken;
      if (token) {
        control.addHook('onRequest', async (request, reply) => {
          const expected = Buffer.from(`Bearer ${token}`);
          const given = Buffer.from(request.headers.authorization ?? '');
          if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
            return reply.code(401).send({ error: 'unauthorized', message: 'Control token required' });
          }
        });
      }

      control.get<{ Querystring: { status?: string } }>('/orders', async (request) => {
        const orders = await sandbox.listOrders();
        const status = request.query.status;
        return { list: status ? orders.filter((order) => order.status === status) : orders };
      });

      control.get<RefParams>('/orders/:ref', async (request, reply) => {
        const order = await sandbox.findOrder(request.params.ref);
        return order ?? notFound(reply, request.params.ref);
      });

      control.post<RefParams>('/orders/:ref/pay', (request, reply) =>
        move(reply, request.params.ref, () => sandbox.pay(request.params.ref, 'control')),
      );

      control.post<RefParams>('/orders/:ref/expire', (request, reply) =>
        move(reply, request.params.ref, () => sandbox.expire(request.params.ref, 'control')),
      );

      control.post<RefParams>('/orders/:ref/fail', async (request, reply) => {
        const body = FailBodySchema.safeParse(request.body);
        if (!body.success) {
          return badRequest(reply, body.error);
        }
        return move(reply, request.params.ref, () =>
          sandbox.fail(request.params.ref, 'control', body.data?.code, body.data?.reason),
        );
      });

      control.post<RefParams>('/orders/:ref/refund', async (request, reply) => {
        const body = RefundBodySchema.safeParse(request.body);
        if (!body.success) {
          return badRequest(reply, body.error);
        }
        return move(reply, request.params.ref, async () => {
          const order = await sandbox.findOrder(request.params.ref);
          if (!order) {
            return undefined;
          }
          const amount = body.data?.amountPiasters ?? order.paymentAmountPiasters - order.refundedPiasters;
          return sandbox.refund(order.merchantRefNum, amount, 'control');
        });
      });

      control.post('/expire-due', async () => ({ list: await sandbox.expireDue() }));

      control.get<{ Querystring: { merchantRefNumber?: string; orderStatus?: string } }>(
        '/notifications',
        async (request) => {
          const { merchantRefNumber, orderStatus } = request.query;
          const list = (await sandbox.listDeliveries()).filter(
            (delivery) =>
              (!merchantRefNumber || delivery.merchantRefNumber === merchantRefNumber) &&
              (!orderStatus || delivery.orderStatus === orderStatus),
          );
          return { list };
        },
      );

      control.post<{ Params: { id: string } }>('/notifications/:id/redeliver', async (request, reply) => {
        const body = RedeliverBodySchema.safeParse(request.body);
        if (!body.success) {
          return badRequest(reply, body.error);
        }
        const list = await sandbox.redeliver(request.params.id, body.data?.times ?? 1);
        return list
          ? { list }
          : reply.code(404).send({ error: 'delivery-not-found', message: request.params.id });
      });

      control.post('/settle', async () => {
        await sandbox.settled();
        return { ok: true };
      });

      control.get<{ Querystring: { customerProfileId?: string } }>('/cards', async (request, reply) => {
        const customer = request.query.customerProfileId;
        if (!customer) {
          return reply.code(400).send({ error: 'bad-request', message: 'customerProfileId is required' });
        }
        return { list: (await sandbox.listCards(customer)).map(cardWire) };
      });

      control.post('/cards', async (request, reply) => {
        const body = AddCardBodySchema.safeParse(request.body);
        if (!body.success) {
          return badRequest(reply, body.error);
        }
        const card = await sandbox.addCard({
          customerProfileId: body.data.customerProfileId,
          cardNumber: body.data.cardNumber ?? SANDBOX_TEST_CARDS.visa,
          cardHolderName: body.data.cardHolderName ?? 'SANDBOX CARD',
          expiryMonth: body.data.expiryMonth ?? '12',
          expiryYear: body.data.expiryYear ?? '39',
        });
        return reply.code(201).send(cardWire(card));
      });

      control.post('/faults', async (request, reply) => {
        const body = FaultBodySchema.safeParse(request.body);
        if (!body.success) {
          return badRequest(reply, body.error);
        }
        sandbox.injectFault(body.data.fault, body.data.times ?? 1);
        return { ok: true };
      });

      control.post('/reset', async () => {
        await sandbox.reset();
        return { ok: true };
      });
    },
    { prefix: '/__control' },
  );
}

async function move(
  reply: FastifyReply,
  ref: string,
  action: () => Promise<SandboxOrder | undefined>,
): Promise<unknown> {
  try {
    const order = await action();
    return order ?? notFound(reply, ref);
  } catch (error) {
    if (error instanceof SandboxTransitionError) {
      return reply
        .code(409)
        .send({ error: 'illegal-transition', message: error.message, order: error.order });
    }
    if (error instanceof RangeError) {
      return reply.code(409).send({ error: 'refund-exceeds-paid', message: error.message });
    }
    throw error;
  }
}

function notFound(reply: FastifyReply, ref: string) {
  return reply.code(404).send({ error: 'order-not-found', message: `No order ${ref}` });
}

function badRequest(reply: FastifyReply, error: z.ZodError) {
  return reply
    .code(400)
    .send({ error: 'bad-request', message: error.issues.map((issue) => issue.message).join('; ') });
}
