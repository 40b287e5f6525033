import type { FaqIslandProps } from '../pages/faq-page.tsx';
import { readIslandProps } from './island-props.ts';
import { matchesQuery } from './search-text.ts';

/**
 * The FAQ search: as the visitor types, only the questions whose question or answer holds every word
 * stay shown (groups left empty are hidden), the count is announced, and "no results" offers the
 * contact page. `?q=` fills the box on arrival, and the address follows the box so a search can be
 * shared. The accordions themselves are native `<details>` and need nothing from here.
 */
export function mountFaq(root: HTMLElement): void {
  const props = readIslandProps<FaqIslandProps>('faq', root);
  const form = root.querySelector<HTMLFormElement>('form[data-faq-search]');
  const input = root.querySelector<HTMLInputElement>('input[type="search"]');
  const status = root.querySelector<HTMLElement>('[data-faq-status]');
  const empty = root.querySelector<HTMLElement>('[data-faq-empty]');
  const groups = [...root.querySelectorAll<HTMLElement>('[data-faq-group]')];
  if (!form || !input || !status || !empty) {
    return;
  }
  const count = new Intl.NumberFormat('ar-EG');

  const apply = () => {
    const query = input.value.trim();
    let shown = 0;
    for (const group of groups) {
      let groupShown = 0;
      for (const item of group.querySelectorAll<HTMLDetailsElement>('[data-faq-item]')) {
        const match = query === '' || matchesQuery(item.textContent ?? '', query);
        item.hidden = !match;
        groupShown += match ? 1 : 0;
      }
      group.hidden = groupShown === 0;
      shown += groupShown;
    }
    empty.hidden = shown > 0;
    status.textContent = query === '' ? '' : props.results.replace('#', count.format(shown));
    const url = new URL(window.location.href);
    if (query === '') {
      url.searchParams.delete('q');
    } else {
      url.searchParams.set('q', query);
    }
    history.replaceState(history.state, '', url);
  };

  input.addEventListener('input', apply);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    apply();
  });
  const initial = new URLSearchParams(window.location.search).get('q');
  if (initial) {
    input.value = initial;
    apply();
  }
}

const root = document.querySelector<HTMLElement>('[data-island="faq"]');
if (root) {
  mountFaq(root);
}
