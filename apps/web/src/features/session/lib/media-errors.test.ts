import { describe, expect, it } from 'vitest';
import { mediaErrorCode } from './media-errors.ts';

const failure = (name: string) => Object.assign(new Error(name), { name });

describe('mediaErrorCode', () => {
  it.each([
    ['NotFoundError', 'media-device-not-found'],
    ['DevicesNotFoundError', 'media-device-not-found'],
    ['NotReadableError', 'media-device-in-use'],
    ['TrackStartError', 'media-device-in-use'],
    ['OverconstrainedError', 'media-over-constrained'],
    ['ConstraintNotSatisfiedError', 'media-over-constrained'],
    ['NotAllowedError', 'media-permission-denied'],
    ['PermissionDeniedError', 'media-permission-denied'],
    ['SecurityError', 'media-permission-denied'],
    ['AbortError', 'media-unexpected'],
    ['TypeError', 'media-unexpected'],
  ])('maps %s to %s', (name, code) => {
    expect(mediaErrorCode(failure(name))).toBe(code);
  });

  it('reads DOMException-like objects and survives anything else', () => {
    expect(mediaErrorCode({ name: 'NotAllowedError', message: 'denied' })).toBe('media-permission-denied');
    expect(mediaErrorCode('NotFoundError')).toBe('media-unexpected');
    expect(mediaErrorCode(null)).toBe('media-unexpected');
  });
});
