import { describe, expect, it } from 'vitest';
import { contentDisposition } from './file-headers.ts';

describe('contentDisposition (RFC 6266, RFC 5987)', () => {
  it('names an ASCII file once, in quotes', () => {
    expect(contentDisposition('inline', '0123456789abcdef.jpg')).toBe(
      'inline; filename="0123456789abcdef.jpg"',
    );
    expect(contentDisposition('attachment', 'lesson plan.pdf')).toBe(
      'attachment; filename="lesson plan.pdf"',
    );
  });

  it('gives a non-ASCII name in UTF-8 (filename*) after an ASCII fallback', () => {
    expect(contentDisposition('attachment', 'خطة الدرس.pdf')).toBe(
      `attachment; filename="___ _____.pdf"; filename*=UTF-8''${encodeURIComponent('خطة الدرس.pdf')}`,
    );
  });

  it('percent-encodes what RFC 5987 does not allow bare: quotes, apostrophes, parentheses, stars, percent', () => {
    expect(contentDisposition('inline', `it's (a) "b" *c* 100%.pdf`)).toBe(
      `inline; filename="it's (a) _b_ *c* 100_.pdf"; filename*=UTF-8''it%27s%20%28a%29%20%22b%22%20%2Ac%2A%20100%25.pdf`,
    );
    expect(contentDisposition('inline', 'a\\b/c.pdf')).toBe(
      `inline; filename="a_b_c.pdf"; filename*=UTF-8''a%5Cb%2Fc.pdf`,
    );
  });

  it('drops control and bidirectional characters, and falls back to a name when nothing is left', () => {
    expect(contentDisposition('inline', 'invoice\u202efdp.exe\r\nX-Evil: 1')).toBe(
      'inline; filename="invoicefdp.exeX-Evil: 1"',
    );
    expect(contentDisposition('inline', '\u202e\u0000')).toBe('inline; filename="file"');
    expect(contentDisposition('inline', ' صورة ')).toBe(
      `inline; filename="____"; filename*=UTF-8''${encodeURIComponent('صورة')}`,
    );
  });
});
