export {
  ackMessages,
  errorMessage,
  errorMessages,
  genericErrorMessage,
  mediaErrorMessages,
} from './error-messages.ts';
export type { FaqItem } from './landing.messages.ts';
export { type Messages, messages } from './messages.ts';
export { type ArabicPluralForms, nouns, plural } from './plural.ts';
