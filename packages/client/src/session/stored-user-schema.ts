/**
 * The one schema a stored session is checked against, on a chunk of its own (current-user.ts): a
 * signed-in visit waits for it before the first paint, so it should not wait for the whole contract.
 */
export { UserWithTutorSchema } from '@hiwar/domain';
