/** localStorage key of an explicit choice: the same one the boot script in `<head>` reads (packages/ui). */
const THEME_KEY = 'theme';
type Theme = 'light' | 'dark';

function currentTheme(): Theme {
  return document.documentElement.getAttribute('data-theme') === 'dark' ? 'dark' : 'light';
}

/**
 * Makes a `ThemeToggle` button switch between light and dark: stored like the apps' own toggle, so the
 * choice carries across pages and tabs, and the label always names the theme it switches to.
 */
export function mountThemeToggle(button: HTMLButtonElement): void {
  const label = () => {
    const text = currentTheme() === 'dark' ? button.dataset.labelToLight : button.dataset.labelToDark;
    if (text) {
      button.setAttribute('aria-label', text);
      button.title = text;
    }
  };
  const apply = (theme: Theme) => {
    document.documentElement.setAttribute('data-theme', theme);
    document.documentElement.style.colorScheme = theme;
    label();
  };
  button.addEventListener('click', () => {
    const next: Theme = currentTheme() === 'dark' ? 'light' : 'dark';
    try {
      localStorage.setItem(THEME_KEY, next);
    } catch {
      // Storage refused (privacy mode): still switch this page.
    }
    apply(next);
  });
  // Another tab chose: follow it.
  window.addEventListener('storage', (event) => {
    if (event.key === THEME_KEY && (event.newValue === 'light' || event.newValue === 'dark')) {
      apply(event.newValue);
    }
  });
  label();
}
