export { buildTestApp, TEST_JWT_SECRET, testConfig } from './app.ts';
export { createTestDatabase } from './database.ts';
export {
  createCoupon,
  createPlan,
  createUser,
  loginAs,
  PLAN_FIELDS,
  TEST_PASSWORD,
  uniqueEmail,
} from './factories.ts';
export { completeThreeDs, notificationsDelivered, sandboxOf, saveCard } from './fawry.ts';
export { buyInInstallments, payInstallment } from './installments.ts';
export { type FilePart, multipart } from './multipart.ts';
export { lastCodeTo, lastMessageTo } from './outbox.ts';
