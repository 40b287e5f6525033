import { afterEach, describe, expect, it, vi } from 'vitest';
import { openedOrigin, readCardReturn, safeReturnPath, threeDsReturnUrl } from './return-urls.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('payment return addresses', () => {
  it('come back to the origin this tab opened the app on, not only the configured one', () => {
    expect(openedOrigin('http://localhost:4000')).toBe(window.location.origin);
    expect(threeDsReturnUrl(openedOrigin('http://localhost:4000'))).toBe(
      `${window.location.origin}/checkout/result`,
    );
    vi.stubGlobal('window', undefined);
    expect(openedOrigin('http://localhost:4000')).toBe('http://localhost:4000');
  });

  it('go back after adding a card only to a checkout (slug or numeric period) or the payments page', () => {
    expect(safeReturnPath('/checkout/2/quarter?method=card')).toBe('/checkout/2/quarter?method=card');
    expect(safeReturnPath('/checkout/2/1?method=card')).toBe('/checkout/2/1?method=card');
    expect(safeReturnPath('/payments')).toBe('/payments');
    for (const raw of [
      'https://evil.example/checkout/2/1',
      '//evil.example/checkout/2/1',
      '/checkout/2/12',
      '/checkout/x/1',
      '/\\evil.example',
      '/login',
      null,
    ]) {
      expect(safeReturnPath(raw), String(raw)).toBeNull();
    }
    expect(readCardReturn(new URLSearchParams({ return: '/checkout/3/2' }))).toBe('/checkout/3/2');
  });
});
