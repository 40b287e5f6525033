import '../test/setup.ts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { themeBootScript } from './theme-boot-script.ts';
import { ThemeProvider, useTheme } from './theme-provider.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

function mockSystemTheme(theme: 'light' | 'dark') {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query === '(prefers-color-scheme: dark)' && theme === 'dark',
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

function ThemeName() {
  return <span data-testid="theme">{useTheme().theme}</span>;
}

function renderTheme() {
  return render(
    <ThemeProvider>
      <ThemeName />
      <ThemeToggle />
    </ThemeProvider>,
  );
}

describe('themes', () => {
  beforeEach(() => {
    localStorage.clear();
    document.documentElement.removeAttribute('data-theme');
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('follows the OS preference when nothing is stored', () => {
    mockSystemTheme('dark');
    renderTheme();
    expect(screen.getByTestId('theme')).toHaveTextContent('dark');
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
    expect(document.documentElement.style.colorScheme).toBe('dark');
  });

  it('prefers the stored choice over the OS preference', () => {
    mockSystemTheme('dark');
    localStorage.setItem('theme', 'light');
    renderTheme();
    expect(document.documentElement).toHaveAttribute('data-theme', 'light');
  });

  it('toggles, sets data-theme and persists the choice', () => {
    mockSystemTheme('light');
    renderTheme();
    expect(document.documentElement).toHaveAttribute('data-theme', 'light');

    fireEvent.click(screen.getByRole('button', { name: 'التبديل إلى الوضع الداكن' }));
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(screen.getByRole('button', { name: 'التبديل إلى الوضع الفاتح' })).toBeInTheDocument();
  });

  it('boot script applies the stored theme before React runs', () => {
    mockSystemTheme('light');
    localStorage.setItem('theme', 'dark');
    act(() => {
      new Function(themeBootScript)();
    });
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
  });
});
