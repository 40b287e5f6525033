import { Alert, errorMessage } from '@hiwar/ui';

/** A server error shown inside the form it belongs to (wrong password, too many tries…). */
export function FormErrorAlert({ code }: { code: string | null }) {
  if (!code) {
    return null;
  }
  return <Alert tone="danger">{errorMessage(code)}</Alert>;
}
