import '../test/setup.ts';
import { landingMessages, messages } from '@hiwar/ui';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { showPage } from '../test/render-page.ts';
import { mountMenu } from './menu.ts';
import { mountThemeToggle } from './theme.ts';

afterEach(() => {
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('data-theme');
  localStorage.clear();
});

describe('the header islands', () => {
  it('open the menu as a modal sheet with the site links, and close it again', async () => {
    showPage('/pricing');
    mountMenu(document);
    const user = userEvent.setup();
    const opener = screen.getByRole('button', { name: messages.common.openMenu });
    const dialog = document.getElementById('site-menu') as HTMLDialogElement;
    expect(dialog.open).toBe(false);
    await user.click(opener);
    expect(dialog.open).toBe(true);
    expect(opener).toHaveAttribute('aria-expanded', 'true');
    const menu = within(dialog);
    expect(menu.getByRole('link', { name: landingMessages.nav.pricing })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await user.click(menu.getByRole('button', { name: messages.common.closeMenu }));
    expect(dialog.open).toBe(false);
    expect(opener).toHaveAttribute('aria-expanded', 'false');
  });

  it('switch the theme, remember it and name the theme they switch to', async () => {
    showPage('/');
    document.documentElement.setAttribute('data-theme', 'light');
    const toggle = screen.getByRole('button', { name: messages.theme.switchToDark });
    mountThemeToggle(toggle as HTMLButtonElement);
    await userEvent.setup().click(toggle);
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(toggle).toHaveAccessibleName(messages.theme.switchToLight);
  });

  it('label the switch for the theme the page opened in', () => {
    showPage('/');
    document.documentElement.setAttribute('data-theme', 'dark');
    const toggle = document.querySelector<HTMLButtonElement>('[data-theme-toggle]') as HTMLButtonElement;
    mountThemeToggle(toggle);
    expect(toggle).toHaveAccessibleName(messages.theme.switchToLight);
  });
});
