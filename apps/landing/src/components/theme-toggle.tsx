import { buttonClassName, messages } from '@hiwar/ui';
import { Moon, Sun } from 'lucide-react';

/**
 * The light/dark switch, made to work by src/islands/theme.ts. Both icons are in the markup and the
 * theme (set on `<html>` before the first paint) shows one, so the right icon shows without waiting
 * for the script; the script keeps the label naming the theme it switches to.
 */
export function ThemeToggle() {
  return (
    <button
      type="button"
      data-theme-toggle=""
      data-label-to-dark={messages.theme.switchToDark}
      data-label-to-light={messages.theme.switchToLight}
      aria-label={messages.theme.switchToDark}
      title={messages.theme.switchToDark}
      className={buttonClassName({ variant: 'ghost', size: 'icon' })}
    >
      <Moon aria-hidden="true" className="dark:hidden" />
      <Sun aria-hidden="true" className="hidden dark:block" />
    </button>
  );
}
