/** localStorage key of the user's explicit theme choice. */
export const THEME_STORAGE_KEY = 'theme';

/**
 * Inline script for `<head>`, run before the first paint: applies the stored theme, else the OS
 * preference, so a dark-mode user never sees a white flash while the bundle loads. Kept dependency-free
 * and in sync with `readInitialTheme` in theme-provider.tsx. Apps inject it with a Vite
 * `transformIndexHtml` hook (see each app's vite.config.ts).
 */
export const themeBootScript = `(function(){try{var t=localStorage.getItem('${THEME_STORAGE_KEY}');if(t!=='light'&&t!=='dark'){t=window.matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'}var d=document.documentElement;d.setAttribute('data-theme',t);d.style.colorScheme=t}catch(e){}})();`;
