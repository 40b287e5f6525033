import '../test/setup.ts';
import { siteMessages } from '@hiwar/ui';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { showPage } from '../test/render-page.ts';
import { mountFaq } from './faq.ts';
import { foldForSearch, matchesQuery } from './search-text.ts';

const text = siteMessages.faq;

function mount(path: string, search = '') {
  window.history.replaceState(null, '', `${path}${search}`);
  showPage(path);
  mountFaq(document.querySelector('[data-island="faq"]') as HTMLElement);
}

const visibleQuestions = () =>
  [...document.querySelectorAll<HTMLDetailsElement>('[data-faq-item]')]
    .filter((item) => !item.hidden)
    .map((item) => item.querySelector('summary')?.textContent);

afterEach(() => {
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

describe('the FAQ search', () => {
  it('keeps only the questions that match as the visitor types, however the hamza is spelt', async () => {
    const user = userEvent.setup();
    mount('/faq');
    const total = visibleQuestions().length;
    await user.type(screen.getByRole('searchbox', { name: text.searchLabel }), 'الغاء');
    const shown = visibleQuestions();
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(total);
    expect(shown).toContain('هل يمكنني إلغاء الدرس أو تغيير موعده؟');
    expect(screen.getByRole('status')).toHaveTextContent(
      `عدد الأسئلة المطابقة: ${new Intl.NumberFormat('ar-EG').format(shown.length)}`,
    );
    expect(window.location.search).toBe(`?q=${encodeURIComponent('الغاء')}`);
  });

  it('hides a group left without questions and offers the contact page when nothing matches', async () => {
    const user = userEvent.setup();
    mount('/faq');
    const search = screen.getByRole('searchbox', { name: text.searchLabel });
    await user.type(search, 'الاستوديو');
    expect(screen.queryByRole('heading', { level: 2, name: text.studentTitle })).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: text.tutorTitle })).toBeVisible();
    await user.clear(search);
    await user.type(search, 'zzzz');
    expect(visibleQuestions()).toEqual([]);
    expect(screen.getByText(text.noResults)).toBeVisible();
    await user.clear(search);
    expect(visibleQuestions().length).toBeGreaterThan(10);
    expect(screen.getByText(text.noResults)).not.toBeVisible();
    expect(window.location.search).toBe('');
  });

  it('opens already filtered from ?q=, on a role page only among its own questions', () => {
    mount('/faq/tutor', `?q=${encodeURIComponent('أرباحي')}`);
    expect(screen.getByRole('searchbox')).toHaveValue('أرباحي');
    expect(visibleQuestions()).toEqual(['كيف أسحب أرباحي؟']);
  });

  it('folds Arabic spelling variants, diacritics and digits', () => {
    expect(foldForSearch('إلغاءُ الدرسِ ١٢ ساعة')).toBe(foldForSearch('الغاء الدرس 12 ساعه'));
    expect(matchesQuery('هل يتجدد الاشتراك تلقائيًا؟', 'تلقائيا الاشتراك')).toBe(true);
    expect(matchesQuery('هل يتجدد الاشتراك تلقائيًا؟', 'الدفع')).toBe(false);
  });
});
