/**
 * The payment event's name: plain values without zod, so that a screen that only listens for these events
 * loads no schema (issue 26). The payloads' schemas are beside the others.
 */

/** The socket event sent to the buyer's user room whenever one of their transactions changes status. */
export const PAYMENT_STATUS_EVENT = 'payment-status';
