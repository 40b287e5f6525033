import { DirectionProvider } from '@radix-ui/react-direction';
import type { ReactNode } from 'react';
import { type Theme, ThemeProvider } from '../theme/theme-provider.tsx';
import { type ToastPosition, ToastProvider } from '../toast/toast-provider.tsx';

export interface UiProviderProps {
  children: ReactNode;
  toastPosition?: ToastPosition;
  defaultTheme?: Theme;
}

/**
 * Everything the design system needs, once at the root of each app: right-to-left direction for Radix
 * (menus, selects and tabs then open and move the Arabic way), themes and toasts.
 */
export function UiProvider({ children, toastPosition, defaultTheme }: UiProviderProps) {
  return (
    <DirectionProvider dir="rtl">
      <ThemeProvider defaultTheme={defaultTheme}>
        <ToastProvider position={toastPosition}>{children}</ToastProvider>
      </ThemeProvider>
    </DirectionProvider>
  );
}
