import { Moon, Sun } from 'lucide-react';
import { Button, type ButtonProps } from '../components/button.tsx';
import { messages } from '../messages/messages.ts';
import { useTheme } from './theme-provider.tsx';

export type ThemeToggleProps = Omit<ButtonProps, 'onClick' | 'children' | 'asChild'>;

/** Icon button switching light and dark; its label names the theme it switches to. */
export function ThemeToggle({ variant = 'ghost', size = 'icon', ...props }: ThemeToggleProps) {
  const { theme, toggleTheme } = useTheme();
  const label = theme === 'dark' ? messages.theme.switchToLight : messages.theme.switchToDark;
  return (
    <Button variant={variant} size={size} aria-label={label} title={label} onClick={toggleTheme} {...props}>
      {theme === 'dark' ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" />}
    </Button>
  );
}
