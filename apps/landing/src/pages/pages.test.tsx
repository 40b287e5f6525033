import '../test/setup.ts';
import { PLATFORM_SETTINGS_DEFAULTS } from '@hiwar/domain';
import { checkoutMessages, formatMoney, landingMessages, messages, siteMessages } from '@hiwar/ui';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NOT_FOUND_PAGE, pageAt, renderPage, SITE_PAGES } from '../entry-server.tsx';
import { showPage, TEST_SITE_URL, TEST_WEB_URL } from '../test/render-page.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the prerendered pages', () => {
  it('give the home page its hero, with the call to register in the web app', () => {
    showPage('/');
    expect(screen.getByRole('heading', { level: 1, name: landingMessages.hero.title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: landingMessages.hero.ctaRegister })).toHaveAttribute(
      'href',
      `${TEST_WEB_URL}/register/student`,
    );
  });

  it('link the header to the marketing pages, marking the current one, and to the web app login', () => {
    showPage('/faq/tutor');
    const header = within(screen.getByRole('banner'));
    const nav = within(
      header.getAllByRole('navigation', { name: landingMessages.nav.main })[0] as HTMLElement,
    );
    for (const [label, href] of [
      ['الرئيسية', '/'],
      ['انضم كمعلم', '/tutor'],
      ['الأسعار', '/pricing'],
      ['الأسئلة الشائعة', '/faq'],
      ['تواصل معنا', '/contact'],
    ]) {
      expect(nav.getByRole('link', { name: label })).toHaveAttribute('href', href);
    }
    expect(nav.getByRole('link', { name: 'الأسئلة الشائعة' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: 'الرئيسية' })).not.toHaveAttribute('aria-current');
    expect(header.getAllByRole('link', { name: 'تسجيل الدخول' })[0]).toHaveAttribute(
      'href',
      `${TEST_WEB_URL}/login`,
    );
  });

  it('show the tutor what teaching pays at the platform rate, the three onboarding steps and the sign-up', () => {
    showPage('/tutor');
    const rate = PLATFORM_SETTINGS_DEFAULTS.tutorHourlyRate;
    expect(rate).toBe(150_00);
    const text = document.body.textContent ?? '';
    expect(text).toContain(formatMoney(rate));
    expect(text).toContain(`${formatMoney(rate / 2)} عن درس مدته ٣٠ دقيقة`);
    expect(text).toContain(`${formatMoney(rate / 4)} عن درس مدته ١٥ دقيقة`);
    const steps = within(screen.getByRole('region', { name: siteMessages.tutor.stepsTitle }));
    expect(steps.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'احجز مقابلتك',
      'زُر الاستوديو',
      'عرّف بنفسك',
    ]);
    expect(screen.getByRole('link', { name: siteMessages.tutor.cta })).toHaveAttribute(
      'href',
      `${TEST_WEB_URL}/register/tutor`,
    );
  });

  it('explain how lessons work on /method', () => {
    showPage('/method');
    expect(screen.getByRole('heading', { level: 1, name: siteMessages.method.title })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 2, name: siteMessages.method.lessonTitle }),
    ).toBeInTheDocument();
  });

  it('state the cancellation rule with the platform setting', () => {
    showPage('/faq/student');
    expect(PLATFORM_SETTINGS_DEFAULTS.freeCancelHours).toBe(12);
    expect(document.body.textContent).toContain(
      'إذا ألغيت قبل الموعد بـ١٢ ساعة على الأقل تعود إليك دقائق الدرس',
    );
    expect(screen.queryByRole('heading', { name: siteMessages.faq.tutorTitle, level: 2 })).toBeNull();
  });

  it('write the terms and the privacy policy with their sections', () => {
    for (const [path, content] of [
      ['/terms', siteMessages.terms],
      ['/privacy', siteMessages.privacy],
    ] as const) {
      showPage(path);
      expect(screen.getByRole('heading', { level: 1, name: content.title })).toBeInTheDocument();
      for (const section of content.sections) {
        expect(screen.getByRole('heading', { level: 2, name: section.title })).toBeInTheDocument();
      }
    }
  });

  it('serve any unknown path the 404 page, kept out of search results', () => {
    expect(pageAt('/no/such/page')).toBe(NOT_FOUND_PAGE);
    expect(pageAt('/pricing/')).toBe(SITE_PAGES.find((page) => page.path === '/pricing'));
    const page = renderPage(NOT_FOUND_PAGE, { siteUrl: TEST_SITE_URL, webUrl: TEST_WEB_URL });
    expect(page.html).toContain(messages.notFound.title);
    expect(page.head).toContain('<meta name="robots" content="noindex" />');
    expect(page.head).not.toContain('canonical');
  });

  it('give each page Arabic title, description, canonical address and Open Graph tags', () => {
    const page = renderPage(pageAt('/pricing'), { siteUrl: TEST_SITE_URL, webUrl: TEST_WEB_URL });
    expect(page.head).toContain(`<title>${checkoutMessages.pricing.metaTitle}</title>`);
    expect(page.head).toContain(`<link rel="canonical" href="${TEST_SITE_URL}/pricing" />`);
    expect(page.head).toContain(`<meta property="og:url" content="${TEST_SITE_URL}/pricing" />`);
    expect(page.head).toContain('<meta property="og:locale" content="ar_EG" />');
    expect(page.head).toContain('<meta property="og:description"');
  });
});
