import type { MediaErrorCode } from '@hiwar/domain';

/**
 * The spec's media error (§8) for a failed `getUserMedia`, from the DOMException name browsers give:
 * no device, a device another program holds, constraints no device meets, permission refused, or
 * anything else. Older Chromium names (`DevicesNotFoundError`, `TrackStartError`…) map the same way.
 */
export function mediaErrorCode(error: unknown): MediaErrorCode {
  const name = error instanceof Error || isNamed(error) ? (error as { name: string }).name : '';
  switch (name) {
    case 'NotFoundError':
    case 'DevicesNotFoundError':
      return 'media-device-not-found';
    case 'NotReadableError':
    case 'TrackStartError':
      return 'media-device-in-use';
    case 'OverconstrainedError':
    case 'ConstraintNotSatisfiedError':
      return 'media-over-constrained';
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'media-permission-denied';
    default:
      return 'media-unexpected';
  }
}

function isNamed(value: unknown): value is { name: string } {
  return (
    typeof value === 'object' && value !== null && typeof (value as { name?: unknown }).name === 'string'
  );
}
