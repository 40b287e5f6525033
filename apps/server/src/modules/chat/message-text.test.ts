import { describe, expect, it } from 'vitest';
import { checkMessageText, richTextToPlain } from './message-text.ts';

describe('checkMessageText', () => {
  it.each([
    ['plain text, trimmed', '  مرحبًا  ', 'مرحبًا'],
    [
      'the inline set',
      '<b>a</b><i>b</i><strong>c</strong><em>d</em><br>e',
      '<b>a</b><i>b</i><strong>c</strong><em>d</em><br />e',
    ],
    [
      'a link, opener cut',
      '<a href="https://x.test/a?b=1" target="_blank" title="t">x</a>',
      '<a href="https://x.test/a?b=1" rel="noopener">x</a>',
    ],
    ['a link to another scheme, unlinked', '<a href="mailto:a@b.c">x</a>', '<a rel="noopener">x</a>'],
    ['layout tags, unwrapped', '<div><p class="x" style="color:red">نص</p></div>', 'نص'],
    ['text that looks like markup, escaped', 'a < b && c > d', 'a &lt; b &amp;&amp; c &gt; d'],
  ])('keeps %s', (_label, raw, text) => {
    expect(checkMessageText(raw)).toEqual({ code: 'ok', text });
  });

  it.each([
    ['<script>alert(1)</script>hi'],
    ['<style>body{}</style>hi'],
    ['<iframe src="https://x.test"></iframe>hi'],
    ['<b onclick="alert(1)">hi</b>'],
    ['<a href="javascript:alert(1)">hi</a>'],
    ['<a href=" java\tscript:alert(1)">hi</a>'],
    ['<a href="data:text/html,x">hi</a>'],
    ['<svg><circle/></svg>hi'],
  ])('refuses %s as invalid HTML', (raw) => {
    expect(checkMessageText(raw)).toEqual({ code: 'message-text-invalid-html' });
  });

  it('gives plain text back as sanitize-html would', async () => {
    const sanitizeHtml = (await import('sanitize-html')).default;
    for (const text of ['say "hi", it\'s ok', 'سطر\nوسطر  آخر', 'emoji 😀 نص']) {
      expect(checkMessageText(text)).toEqual({
        code: 'ok',
        text: sanitizeHtml(text, { allowedTags: [] }).trim(),
      });
    }
  });

  it('counts visible characters only: 1 to 1000', () => {
    expect(checkMessageText(' \n\t ').code).toBe('message-text-too-short');
    expect(checkMessageText('<b> </b><br><br>').code).toBe('message-text-too-short');
    expect(checkMessageText('م').code).toBe('ok');
    expect(checkMessageText(`<b>${'م'.repeat(1000)}</b>`).code).toBe('ok');
    expect(checkMessageText('&'.repeat(1000)).code).toBe('ok');
    expect(checkMessageText('م'.repeat(1001)).code).toBe('message-text-too-long');
    expect(checkMessageText('😀'.repeat(1000)).code).toBe('ok');
  });

  it('strips control and bidirectional characters first (decision 0046), so none hides script', () => {
    expect(checkMessageText('emoji 😀 \u200fنص\u202e \u2066x\u2069\u0000')).toEqual({
      code: 'ok',
      text: 'emoji 😀 نص x',
    });
    expect(checkMessageText('<b>\u202eمرحبا</b>')).toEqual({ code: 'ok', text: '<b>مرحبا</b>' });
    expect(checkMessageText('<a href="java\u200bscript:alert(1)">hi</a>')).toEqual({
      code: 'message-text-invalid-html',
    });
    expect(checkMessageText('<im\u200bg src=x onerror=alert(1)>hi')).toEqual({
      code: 'message-text-invalid-html',
    });
    expect(checkMessageText('\u202e\u200f').code).toBe('message-text-too-short');
  });

  it('reads a sanitised text as plain text for e-mails', () => {
    expect(richTextToPlain('<b>a</b> &amp; <a href="https://x.test" rel="noopener">b</a><br>c')).toBe(
      'a & b\nc',
    );
  });
});
