/**
 * The one script every page loads (besides its own island, if any): the stylesheet, the theme switch,
 * the mobile menu and the footer's year. Plain DOM code: the pages are static HTML, so no framework.
 */
import '../styles.css';
import { mountMenu } from './menu.ts';
import { mountThemeToggle } from './theme.ts';

for (const button of document.querySelectorAll<HTMLButtonElement>('[data-theme-toggle]')) {
  mountThemeToggle(button);
}
mountMenu(document);

// A page built last year still shows this year.
const year = new Date().getFullYear();
for (const element of document.querySelectorAll<HTMLElement>('[data-current-year]')) {
  if (element.dataset.currentYear !== String(year)) {
    element.dataset.currentYear = String(year);
    element.textContent = new Intl.NumberFormat('ar-EG', { useGrouping: false }).format(year);
  }
}
