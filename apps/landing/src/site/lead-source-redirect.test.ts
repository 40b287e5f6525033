import { describe, expect, it } from 'vitest';
import { leadSourceRedirect, leadSourceRedirects } from './pages.tsx';

const WEB = 'https://app.hiwar.example';

describe('the /url/{name} links', () => {
  it('lead the six known sources to the student sign-up with their source, in any letter case', () => {
    expect(Object.keys(leadSourceRedirects(WEB))).toEqual([
      '/url/wa',
      '/url/sfb',
      '/url/syt',
      '/url/sig',
      '/url/stt',
      '/url/sx',
    ]);
    expect(leadSourceRedirect(WEB, '/url/sfb')).toBe(`${WEB}/register/student?source=sfb`);
    expect(leadSourceRedirect(WEB, '/url/SFB/')).toBe(`${WEB}/register/student?source=sfb`);
  });

  it('lead any other name to the web app’s home page, not to the 404 page', () => {
    for (const path of ['/url/promo', '/url/promo/', '/url/a/b', '/url/%3Cx%3E', `/url/${'x'.repeat(500)}`]) {
      expect(leadSourceRedirect(WEB, path), path).toBe(`${WEB}/`);
    }
  });

  it('leave every other path to the pages', () => {
    for (const path of ['/', '/url', '/url/', '/pricing', '/urls/sfb']) {
      expect(leadSourceRedirect(WEB, path), path).toBeNull();
    }
  });
});
