import { createContext, type ReactNode, use, useCallback, useEffect, useMemo, useState } from 'react';
import { useHydrated } from '../lib/use-hydrated.ts';
import { THEME_STORAGE_KEY } from './theme-boot-script.ts';

export type Theme = 'light' | 'dark';

export interface ThemeContextValue {
  theme: Theme;
  setTheme: (theme: Theme) => void;
  toggleTheme: () => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

const DARK_QUERY = '(prefers-color-scheme: dark)';

function isTheme(value: unknown): value is Theme {
  return value === 'light' || value === 'dark';
}

function readStoredTheme(): Theme | null {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(stored) ? stored : null;
  } catch {
    // Storage can throw (privacy mode, disabled cookies): behave as if nothing was chosen.
    return null;
  }
}

function readSystemTheme(): Theme {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
}

/** The stored choice first, the OS preference second; `light` where there is no window (prerendering). */
export function readInitialTheme(): Theme {
  if (typeof window === 'undefined') {
    return 'light';
  }
  return readStoredTheme() ?? readSystemTheme();
}

function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.setAttribute('data-theme', theme);
  root.style.colorScheme = theme;
}

export interface ThemeProviderProps {
  children: ReactNode;
  /** Forces the starting theme (tests, stories); normally read from storage and the OS. */
  defaultTheme?: Theme;
}

export function ThemeProvider({ children, defaultTheme }: ThemeProviderProps) {
  const [theme, setThemeState] = useState<Theme>(() => defaultTheme ?? readInitialTheme());
  /** Whether the user picked a theme; until then the OS preference is followed live. */
  const [hasChoice, setHasChoice] = useState<boolean>(
    () => typeof window !== 'undefined' && readStoredTheme() !== null,
  );
  // Prerendered pages are rendered in light: the real theme shows once hydration is done, so the
  // server's and the browser's markup are the same.
  const isHydrated = useHydrated();

  useEffect(() => {
    applyTheme(theme);
  }, [theme]);

  useEffect(() => {
    if (hasChoice || typeof window.matchMedia !== 'function') {
      return;
    }
    const query = window.matchMedia(DARK_QUERY);
    const onChange = (event: MediaQueryListEvent) => setThemeState(event.matches ? 'dark' : 'light');
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [hasChoice]);

  // Another tab changed the theme: follow it so all tabs agree.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === THEME_STORAGE_KEY && isTheme(event.newValue)) {
        setThemeState(event.newValue);
        setHasChoice(true);
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const setTheme = useCallback((next: Theme) => {
    setThemeState(next);
    setHasChoice(true);
    try {
      window.localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Not persisted, still applied for this page.
    }
  }, []);

  const exposedTheme: Theme = isHydrated ? theme : 'light';
  const value = useMemo<ThemeContextValue>(
    () => ({
      theme: exposedTheme,
      setTheme,
      toggleTheme: () => setTheme(exposedTheme === 'dark' ? 'light' : 'dark'),
    }),
    [exposedTheme, setTheme],
  );

  return <ThemeContext value={value}>{children}</ThemeContext>;
}

/** The current theme and setters. Throws outside `ThemeProvider`: that is a wiring mistake, not a state. */
export function useTheme(): ThemeContextValue {
  const context = use(ThemeContext);
  if (!context) {
    throw new Error('useTheme must be used inside <ThemeProvider> (wrap the app in <UiProvider>).');
  }
  return context;
}
