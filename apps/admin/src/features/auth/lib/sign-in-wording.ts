/**
 * The error catalogue's wording for the sign-in form, on a chunk of its own: the whole catalogue weighs
 * 6 kB gzip, too much for the back office's first screen (issue 16), so the form loads it once someone
 * types or submits, before any message can show.
 */
export { errorMessage } from '@hiwar/ui';
export { describeError } from '../../../components/describe-error.ts';
