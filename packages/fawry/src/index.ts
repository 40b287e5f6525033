/**
 * @hiwar/fawry — Fawry (FawryPay) for Hiwar: the API client, the signature functions, amount formatting,
 * the wire schemas and status mapping, and V2 notification verification (fawry-api.md). The sandbox
 * emulator is a separate entry point, `@hiwar/fawry/sandbox`, so the client does not load Fastify.
 */
export {
  formatFawryAmount,
  normalizeFawryAmount,
  parseFawryAmount,
  piastersToNumber,
  tryParseFawryAmount,
} from './amounts.ts';
export {
  type CancelResult,
  type CardTokenChargeInput,
  type CardTokenChargeResult,
  type ChargeInput,
  type ChargeItemInput,
  type ChargeOrderInfo,
  createFawryClient,
  encodeFawryJson,
  FAWRY_BASE_URLS,
  FAWRY_PATHS,
  type FawryCard,
  type FawryClient,
  type FawryClientOptions,
  type FawryInstallmentPlan,
  type InstallmentInput,
  type InstallmentResult,
  isAuthenticatedChannel,
  type PayAtFawryInput,
  type PayAtFawryResult,
  type PaymentStatusResult,
  type StatusAuthenticity,
  type ThreeDsReturn,
  type WalletInput,
  type WalletResult,
} from './client.ts';
export {
  CVV_FAILURE_CODES,
  describeFawryStatusCode,
  FawryError,
  type FawryErrorCode,
  type FawryErrorReason,
  type FawryOperation,
  fawryErrorFromStatus,
  isCardFailureCode,
  isFawryError,
} from './errors.ts';
export {
  type FawryPaymentState,
  type ParseNotificationResult,
  parseFawryNotification,
  readFawryPaymentState,
} from './notifications.ts';
export {
  type ChargeResponseSignatureInput,
  type FawryId,
  type NotificationSignatureInput,
  type SignedNotificationFields,
  sha256Hex,
  signaturesMatch,
  signCancelUnpaidOrder,
  signCardTokenCharge,
  signChargeResponse,
  signDeleteCardToken,
  signFawry,
  signInstallmentCharge,
  signListCardTokens,
  signNotificationV2,
  signPayAtFawryCharge,
  signPaymentStatusInquiry,
  signRefund,
  signWalletCharge,
  verifyNotificationSignature,
} from './signatures.ts';
export * from './types.ts';
