import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { PaymentStatus, PlanPeriod, Role } from '@hiwar/domain';
import { createFawrySandbox, fawrySandbox } from '@hiwar/fawry/sandbox';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/app.ts';
import { createPlan, loginAs } from '../../testing/factories.ts';

/** A port nobody listens on right now, so the app's public URL can name it before it listens. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * The production wiring: FAWRY_BASE_URL points at a Fawry on the network (here the sandbox on its own
 * server), and Fawry's notifications reach our webhook over HTTP.
 */
describe('Fawry over the network', async () => {
  const merchantCode = '770000012345';
  const secureKey = '11111111-2222-3333-4444-555555555555';
  const sandbox = createFawrySandbox({ merchantCode, secureKey, expirySweepMs: false });
  const fawry = Fastify({ logger: false });
  await fawry.register(fawrySandbox, { sandbox });
  await fawry.listen({ host: '127.0.0.1', port: 0 });
  afterAll(async () => {
    sandbox.close();
    await fawry.close();
  });

  const port = await freePort();
  const web = `http://127.0.0.1:${port}`;
  const fawryUrl = `http://127.0.0.1:${(fawry.server.address() as AddressInfo).port}`;
  const { app } = await buildTestApp({
    config: {
      publicUrls: { web, admin: web, landing: web },
      corsOrigins: [web],
      fawry: { baseUrl: fawryUrl, merchantCode, secureKey, sandboxControlToken: null },
    },
  });
  await app.listen({ host: '127.0.0.1', port });

  it('mounts no sandbox of its own, and a reference number paid at Fawry is notified over HTTP', async () => {
    expect(app.fawrySandbox).toBeNull();
    expect((await app.inject({ method: 'GET', url: '/fawry-sandbox/' })).statusCode).toBe(404);
    const plan = await createPlan(app.db);
    const student = await loginAs(app, Role.Student, { phone: '01234567890' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/fawry/pay/ref-num',
      headers: student.auth,
      payload: { planId: plan.id, period: PlanPeriod.Month },
    });
    expect(res.statusCode).toBe(200);
    const { referenceNumber, transaction } = res.json();
    await sandbox.pay(referenceNumber, 'control');
    await sandbox.settled();
    const deliveries = await sandbox.listDeliveries();
    expect(deliveries.some((delivery) => delivery.url === `${web}/api/v1/fawry/notification`)).toBe(true);
    const after = await app.inject({
      method: 'GET',
      url: `/api/v1/transaction/${transaction.id}`,
      headers: student.auth,
    });
    expect(after.json().transaction.status).toBe(PaymentStatus.Paid);
    const current = await app.inject({ method: 'GET', url: '/api/v1/sub/current', headers: student.auth });
    expect(current.json().subscription.transactionId).toBe(transaction.id);
  });
});
