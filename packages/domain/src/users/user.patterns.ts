/**
 * Patterns of the spec's account fields, apart from the schemas that use them (user.schemas.ts) so a
 * screen can check a field's shape without downloading zod: the back office's sign-in form
 * (issue 16) and the landing site's contact form.
 */

/** Spec §5: word characters, dots or hyphens, `@`, dotted domain labels, a last label of 2–4 letters. */
export const EMAIL_PATTERN = /^[\w.-]+@(?:[\w-]+\.)+[a-z]{2,4}$/i;
