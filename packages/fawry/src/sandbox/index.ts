/**
 * The Fawry sandbox: a local emulator of Fawry's endpoints, payer pages and notifications, as a Fastify
 * plugin. Mounted by the server in local and staging mode when FAWRY_BASE_URL is unset (README).
 */
export { SANDBOX_INSTALLMENT_PLANS } from './api.ts';
export { cardBrand, passesLuhn, SANDBOX_TEST_CARDS, SANDBOX_TEST_CVVS } from './cards.ts';
export {
  createFawrySandbox,
  FawrySandbox,
  type FawrySandboxOptions,
  type FawrySandboxRetry,
  type SandboxFault,
  SandboxTransitionError,
} from './engine.ts';
export {
  createMemorySandboxStore,
  type SandboxCard,
  type SandboxCardBehaviour,
  type SandboxDelivery,
  type SandboxDeliveryAttempt,
  type SandboxOrder,
  type SandboxOrderKind,
  type SandboxOrderStatus,
  type SandboxSource,
  type SandboxStore,
} from './model.ts';
export {
  FAWRY_SANDBOX_MERCHANT_CODE,
  FAWRY_SANDBOX_PREFIX,
  FAWRY_SANDBOX_SECURE_KEY,
  type FawrySandboxPluginOptions,
  fawrySandbox,
} from './plugin.ts';
