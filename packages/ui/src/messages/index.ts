export {
  ackMessages,
  errorMessage,
  errorMessages,
  genericErrorMessage,
  mediaErrorMessages,
} from './error-messages.ts';
export type { FaqItem, SiteMessages } from './landing.messages.ts';
// `messages` (shared by every app) and each area's catalogue (`accountMessages`…).
export * from './messages.ts';
export { type ArabicPluralForms, nouns, plural } from './plural.ts';
export { errorMessageOf, tooManyRequestsMessage, waitText } from './retry-after.ts';
