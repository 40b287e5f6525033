import { SANDBOX_TEST_CARDS } from '@hiwar/fawry/sandbox';
import type { App } from '../app.ts';

/** The Fawry sandbox the test app mounted (local mode without FAWRY_BASE_URL). */
export function sandboxOf(app: App) {
  if (!app.fawrySandbox) {
    throw new Error('The test app has no Fawry sandbox mounted');
  }
  return app.fawrySandbox;
}

/** Saves a card for the user at the sandbox (as its add-card page does) and answers its token. */
export async function saveCard(app: App, userId: number, cardNumber: string = SANDBOX_TEST_CARDS.visa) {
  const card = await sandboxOf(app).addCard({
    customerProfileId: String(userId),
    cardNumber,
    expiryMonth: '12',
    expiryYear: '35',
    cardHolderName: 'Mona Ali',
  });
  return card.token;
}

/**
 * The payer's click on the sandbox's 3-D Secure page (the `redirectUrl` a card payment answered),
 * then every notification delivered. Answers where the browser is sent back.
 */
export async function completeThreeDs(
  app: App,
  redirectUrl: string,
  decision: 'approve' | 'decline' = 'approve',
) {
  const res = await app.inject({
    method: 'POST',
    url: new URL(redirectUrl).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `decision=${decision}`,
  });
  await sandboxOf(app).settled();
  return res.headers.location as string | undefined;
}

/** Waits until the sandbox delivered every notification it queued. */
export function notificationsDelivered(app: App): Promise<void> {
  return sandboxOf(app).settled();
}
