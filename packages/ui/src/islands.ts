/**
 * What the landing site's script islands may take from the design system: plain functions and text,
 * no React and no zod (apps/landing's bundle test fails if either reaches the browser bundle).
 */
export { formatMoney, formatNumber } from './format.ts';
export { type PlanQuote, planQuote, WEEKS_PER_MONTH_ESTIMATE } from './lib/plan-quote.ts';
export { checkoutMessages } from './messages/checkout.messages.ts';
