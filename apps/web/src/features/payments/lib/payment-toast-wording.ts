/**
 * The checkout catalogue's wording for the payment toast, on a chunk of its own: the listener runs on
 * every signed-in student's page, but the catalogue area (6 kB gzip) is needed only when a payment
 * goes through, so it is fetched then (issue 16).
 */
export { checkoutMessages } from '@hiwar/ui';
