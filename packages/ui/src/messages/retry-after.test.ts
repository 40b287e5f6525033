import { describe, expect, it } from 'vitest';
import { errorMessage } from './error-messages.ts';
import { errorMessageOf, tooManyRequestsMessage, waitText } from './retry-after.ts';

describe('when to try again, in Arabic', () => {
  it('says the wait in seconds, minutes or hours, rounded up', () => {
    expect(waitText(1)).toBe('ثانية واحدة');
    expect(waitText(45)).toBe('٤٥ ثانية');
    expect(waitText(58.2)).toBe('٥٩ ثانية');
    expect(waitText(59.2)).toBe('دقيقة واحدة');
    expect(waitText(60)).toBe('دقيقة واحدة');
    expect(waitText(61)).toBe('دقيقتين');
    expect(waitText(120)).toBe('دقيقتين');
    expect(waitText(1200)).toBe('٢٠ دقيقة');
    expect(waitText(3 * 3600)).toBe('٣ ساعات');
  });

  it('too-many-requests says when to retry when the server said, else the catalogue wording', () => {
    expect(tooManyRequestsMessage(120)).toBe('محاولات كثيرة في وقت قصير. حاول مرة أخرى بعد دقيقتين.');
    expect(tooManyRequestsMessage(null)).toBe(errorMessage('too-many-requests'));
    expect(tooManyRequestsMessage(0)).toBe(errorMessage('too-many-requests'));
    expect(errorMessageOf({ code: 'too-many-requests', retryAfterSeconds: 300 })).toBe(
      'محاولات كثيرة في وقت قصير. حاول مرة أخرى بعد ٥ دقائق.',
    );
    expect(errorMessageOf({ code: 'user-exists', retryAfterSeconds: 300 })).toBe(errorMessage('user-exists'));
  });
});
