import { Alert, errorMessageOf } from '@hiwar/ui';

/**
 * A server error shown inside the form it belongs to (wrong password, too many tries…); for
 * `too-many-requests` with when to try again, when the server said (`retryAfterSeconds`).
 */
export function FormErrorAlert({
  code,
  retryAfterSeconds = null,
}: {
  code: string | null;
  retryAfterSeconds?: number | null;
}) {
  if (!code) {
    return null;
  }
  return <Alert tone="danger">{errorMessageOf({ code, retryAfterSeconds })}</Alert>;
}
