import { describe, expect, it } from 'vitest';
import { BOUNDS } from '../bounds.ts';
import {
  attachmentDisplayName,
  attachmentMaxBytes,
  checkChosenAttachments,
  sniffAttachment,
} from './chat-attachment.rules.ts';

const bytes = (...parts: Array<string | number[]>) =>
  new Uint8Array(
    parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)),
  );
const MIB = 1024 * 1024;

describe('sniffAttachment', () => {
  it('knows pictures and PDFs by their first bytes', () => {
    expect(sniffAttachment(bytes([0xff, 0xd8, 0xff, 0xe0]))).toEqual({ kind: 'picture', format: 'jpeg' });
    expect(sniffAttachment(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]))).toEqual({
      kind: 'picture',
      format: 'png',
    });
    expect(sniffAttachment(bytes('GIF89a'))).toEqual({ kind: 'picture', format: 'gif' });
    expect(sniffAttachment(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toEqual({
      kind: 'picture',
      format: 'webp',
    });
    expect(sniffAttachment(bytes('%PDF-1.7\n'))).toEqual({ kind: 'pdf', format: 'pdf' });
  });

  it('refuses text, HTML, a RIFF that is not WebP and too few bytes', () => {
    expect(sniffAttachment(bytes('hello, I am a .png'))).toBeNull();
    expect(sniffAttachment(bytes('<html><script>'))).toBeNull();
    expect(sniffAttachment(bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt '))).toBeNull();
    expect(sniffAttachment(bytes('%PD'))).toBeNull();
    expect(sniffAttachment(new Uint8Array())).toBeNull();
  });
});

describe('attachmentDisplayName', () => {
  it('keeps the file name without folders, ending in the stored type', () => {
    expect(attachmentDisplayName('C:\\Users\\me\\واجب الدرس.PNG', 'jpg', 'picture')).toBe('واجب الدرس.jpg');
    expect(attachmentDisplayName('../../etc/notes.pdf', 'pdf', 'file')).toBe('notes.pdf');
  });

  it('drops control and direction characters and falls back when nothing is left', () => {
    expect(attachmentDisplayName('invoice\u202Efdp.exe', 'pdf', 'file')).toBe('invoicefdp.pdf');
    expect(attachmentDisplayName('  \u0000 ', 'jpg', 'picture')).toBe('picture.jpg');
    expect(attachmentDisplayName('.pdf', 'pdf', 'file')).toBe('file.pdf');
  });

  it('cuts a long name to the bound, keeping the extension', () => {
    const name = attachmentDisplayName(`${'أ'.repeat(500)}.pdf`, 'pdf', 'file');
    expect([...name]).toHaveLength(BOUNDS.chatAttachments.nameMax);
    expect(name.endsWith('.pdf')).toBe(true);
  });
});

describe('checkChosenAttachments', () => {
  it('accepts up to three pictures or PDFs within their limits', () => {
    expect(BOUNDS.chatAttachments).toMatchObject({
      perMessage: 3,
      pictureMaxBytes: 10 * MIB,
      pdfMaxBytes: 10 * MIB,
    });
    expect(attachmentMaxBytes('pdf')).toBe(10 * MIB);
    expect(
      checkChosenAttachments([
        { type: 'image/webp', size: 1000 },
        { type: 'application/pdf', size: 10 * MIB },
      ]),
    ).toBeNull();
  });

  it('names the first problem', () => {
    const picture = { type: 'image/png', size: 10 };
    expect(checkChosenAttachments([picture, picture, picture, picture])).toBe('too-many-files');
    expect(checkChosenAttachments([{ type: 'text/html', size: 10 }])).toBe('invalid-type');
    expect(checkChosenAttachments([{ type: 'image/png', size: 0 }])).toBe('invalid-type');
    expect(checkChosenAttachments([{ type: 'application/pdf', size: 10 * MIB + 1 }])).toBe(
      'payload-too-large',
    );
  });
});
