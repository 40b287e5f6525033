import './test/setup.ts';
import { messages } from '@hiwar/ui';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { App } from './app.tsx';
import { render as renderPage } from './entry-server.tsx';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App />
    </MemoryRouter>,
  );
}

describe('landing site', () => {
  it('renders the hero with the call to register', () => {
    renderAt('/');
    expect(screen.getByRole('heading', { level: 1, name: messages.landing.hero.title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: messages.landing.hero.ctaRegister })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/register\/student$/),
    );
    expect(
      screen.getByRole('heading', { level: 2, name: messages.landing.howItWorks.title }),
    ).toBeInTheDocument();
  });

  it('links the header to the marketing pages and the web app login', () => {
    renderAt('/');
    const header = within(screen.getByRole('banner'));
    const nav = within(header.getByRole('navigation', { name: messages.landing.nav.main }));
    for (const [label, href] of [
      ['الرئيسية', '/'],
      ['انضم كمعلم', '/tutor'],
      ['الأسعار', '/pricing'],
      ['الأسئلة الشائعة', '/faq'],
      ['تواصل معنا', '/contact'],
    ]) {
      expect(nav.getByRole('link', { name: label })).toHaveAttribute('href', href);
    }
    expect(header.getByRole('link', { name: 'تسجيل الدخول' })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/login$/),
    );
  });

  it('shows the copyright year in Arabic digits in the footer', () => {
    renderAt('/');
    const year = new Intl.NumberFormat('ar-EG', { useGrouping: false }).format(new Date().getFullYear());
    expect(within(screen.getByRole('contentinfo')).getByText(new RegExp(year))).toBeInTheDocument();
  });

  it('shows the 404 page on unknown routes', () => {
    renderAt('/no-such-page');
    expect(screen.getByRole('heading', { level: 1, name: 'الصفحة غير موجودة' })).toBeInTheDocument();
  });

  it('prerenders the home page with Arabic title, description and Open Graph tags', () => {
    const page = renderPage('/');
    expect(page.html).toContain(messages.landing.hero.title);
    expect(page.head).toContain(`<title>${messages.landing.meta.homeTitle}</title>`);
    expect(page.head).toContain('<meta name="description"');
    expect(page.head).toContain('<meta property="og:title"');
    expect(page.head).toContain('<meta property="og:locale" content="ar_EG" />');
  });

  it('prerenders /404 as the not-found page, kept out of search results', () => {
    const page = renderPage('/404');
    expect(page.html).toContain('الصفحة غير موجودة');
    expect(page.head).toContain('noindex');
  });
});
