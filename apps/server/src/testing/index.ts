export { buildScaledOutApps, buildTestApp, TEST_JWT_SECRET, testConfig } from './app.ts';
export { createTestDatabase } from './database.ts';
export {
  createCoupon,
  createLesson,
  createListedTutor,
  createPlan,
  createSlot,
  createSubscription,
  createUser,
  LISTED_TUTOR_META,
  LISTED_TUTOR_PROFILE,
  loginAs,
  loginAsListedTutor,
  PLAN_FIELDS,
  TEST_PASSWORD,
  uniqueEmail,
  uniquePhone,
} from './factories.ts';
export { completeThreeDs, notificationsDelivered, sandboxOf, saveCard } from './fawry.ts';
export { buyInInstallments, payInstallment } from './installments.ts';
export { type FilePart, multipart } from './multipart.ts';
export { lastCodeTo, lastMessageTo } from './outbox.ts';
export {
  type Ack,
  emit,
  listenForSockets,
  nextEvent,
  record,
  type SocketClients,
  settle,
} from './sockets.ts';
export { at, DAY, HOUR, MINUTE, T0 } from './time.ts';
