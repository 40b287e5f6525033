import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { accountMessages } from '../../packages/ui/src/messages/messages.ts';
import { audit } from './a11y.ts';
import { urls } from './browser.ts';

/**
 * Keyboard-only journeys (issue 15): the page is driven with `page.keyboard` alone (Tab, Shift+Tab,
 * Enter, Space, arrows, Escape, typing), and every focus stop is checked to be visible.
 */

/** What the focused element is and how it shows its focus, as the page computes it. */
export type FocusReport = {
  /** `tag[role] "name"`, for messages. */
  element: string;
  onScreen: boolean;
  /** `outline 2px solid …` or `ring 4px …`, or null when nothing shows the focus. */
  indicator: string | null;
};

/** Reads the focused element (finishing its focus transitions first, so the end state is read). */
function readFocus(page: Page): Promise<FocusReport | null> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body || element === document.documentElement) {
      return null;
    }
    for (const animation of element.getAnimations()) {
      try {
        animation.finish();
      } catch {
        // an infinite animation (a spinner) does not draw the focus
      }
    }
    const style = getComputedStyle(element);

    /** The alpha of a computed colour: rgb(), rgba(), oklab(… / a), color(… / a), transparent. */
    const alphaOf = (color: string): number => {
      if (color === 'transparent') {
        return 0;
      }
      const slash = color.match(/\/\s*([\d.]+)(%?)\s*\)$/);
      if (slash) {
        return Number(slash[1]) / (slash[2] ? 100 : 1);
      }
      const rgba = color.match(/^rgba\([^,]+,[^,]+,[^,]+,\s*([\d.]+)\)$/);
      return rgba ? Number(rgba[1]) : 1;
    };

    let indicator: string | null = null;
    const outlineWidth = Number.parseFloat(style.outlineWidth);
    if (style.outlineStyle !== 'none' && outlineWidth > 0 && alphaOf(style.outlineColor) > 0) {
      indicator = `outline ${style.outlineWidth} ${style.outlineStyle} ${style.outlineColor}`;
    } else if (style.boxShadow !== 'none') {
      // A ring: a shadow layer with no offset and no blur, spread outwards or inwards, not transparent.
      const layers = style.boxShadow.split(/,(?![^(]*\))/);
      for (const layer of layers) {
        const color = layer.match(/(rgba?|oklab|oklch|lab|lch|color|hsla?)\([^)]*\)/)?.[0] ?? '';
        const lengths = layer
          .replace(color, '')
          .match(/-?[\d.]+px/g)
          ?.map((value) => Number.parseFloat(value));
        const [x = 0, y = 0, blur = 0, spread = 0] = lengths ?? [];
        if (x === 0 && y === 0 && blur === 0 && spread > 0 && alphaOf(color) > 0) {
          indicator = `ring ${spread}px ${color}`;
          break;
        }
      }
    }

    const rect = element.getBoundingClientRect();
    const onScreen =
      rect.width > 0 &&
      rect.height > 0 &&
      rect.bottom > 0 &&
      rect.right > 0 &&
      rect.top < window.innerHeight &&
      rect.left < window.innerWidth;
    const role = element.getAttribute('role');
    const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 60);
    return {
      element: `${element.tagName.toLowerCase()}${role ? `[role=${role}]` : ''} "${name}"`,
      onScreen,
      indicator,
    };
  });
}

/**
 * The focus is on an element (not the page's body), on screen, and drawn: a visible outline (width
 * above 0, style not none, not transparent) or a box-shadow ring.
 */
export async function expectVisibleFocus(page: Page): Promise<FocusReport> {
  const focus = await readFocus(page);
  expect(focus, `the focus is on the page's body (${page.url()})`).not.toBeNull();
  const report = focus as FocusReport;
  expect(report.onScreen, `${report.element} has the focus but is off screen (${page.url()})`).toBe(true);
  expect(
    report.indicator,
    `${report.element} has the focus but shows no focus ring (${page.url()})`,
  ).not.toBeNull();
  return report;
}

/** Whether the focus is on `target` (its first match). */
async function hasFocus(target: Locator): Promise<boolean> {
  if ((await target.count()) === 0) {
    return false;
  }
  return target.first().evaluate((element) => element === document.activeElement);
}

/** Presses `key` (Enter, Space, an arrow…) and checks that the focus it leaves is visible. */
export async function press(page: Page, key: string): Promise<FocusReport> {
  await page.keyboard.press(key);
  return expectVisibleFocus(page);
}

/**
 * Tabs (or Shift+Tabs) until `target` has the focus, checking that each stop on the way is visible;
 * fails with the stops it went through when `target` is not reached within `max` stops.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  { backwards = false, max = 40 }: { backwards?: boolean; max?: number } = {},
): Promise<void> {
  // The screen draws its content first (a page still loading has fewer stops).
  await target.first().waitFor();
  const stops: string[] = [];
  for (let stop = 0; stop < max; stop++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const focus = await readFocus(page);
    if (focus === null) {
      break;
    }
    stops.push(focus.element);
    await expectVisibleFocus(page);
    if (await hasFocus(target)) {
      return;
    }
  }
  throw new Error(
    `${backwards ? 'Shift+Tab' : 'Tab'} never reached ${target} (${page.url()}); stops:\n  ${stops.join('\n  ')}`,
  );
}

/** Waits until `target` has the focus (moved there by the page), then checks it is visible. */
export async function expectFocusOn(target: Locator): Promise<void> {
  try {
    await expect.poll(() => hasFocus(target), { timeout: 15_000, message: `focus on ${target}` }).toBe(true);
  } catch (error) {
    // Say where the focus is instead: that names the cause of a lost focus.
    const focused = await target
      .page()
      .evaluate(() => document.activeElement?.outerHTML.slice(0, 300) ?? 'nothing')
      .catch(() => 'unknown');
    throw new Error(`${error instanceof Error ? error.message : String(error)}; the focus is on ${focused}`);
  }
  await expectVisibleFocus(target.page());
}

/**
 * Enter on the focused `opener` opens `popup` (a dialog or menu) with a visible focus inside; it is
 * audited as `label`; Escape closes it and the focus must be back on `opener`.
 */
export async function openThenEscape(opener: Locator, popup: Locator, label: string): Promise<void> {
  const page = opener.page();
  await expectFocusOn(opener);
  await page.keyboard.press('Enter');
  await popup.waitFor();
  await expectVisibleFocus(page);
  await audit(page, label);
  await page.keyboard.press('Escape');
  await popup.waitFor({ state: 'hidden' });
  await expectFocusOn(opener);
}

/**
 * Waits until the focus is on `<main>`, where the web app puts it after a navigation that took the
 * focused element away (the next Tab goes into the new screen's content).
 */
export async function expectFocusInMain(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.id ?? null), {
      timeout: 15_000,
      message: `focus on <main> (${page.url()})`,
    })
    .toBe('main');
}

/**
 * Signs in to the web app with the keyboard: the e-mail field has the focus when the form opens, Tab
 * to the password, Enter sends.
 */
export async function signInByKeyboard(page: Page, email: string, password: string): Promise<void> {
  const fields = accountMessages.fields;
  await page.goto(`${urls.web}/login`);
  await expectFocusOn(page.getByLabel(fields.email));
  await page.keyboard.type(email);
  await press(page, 'Tab');
  expect(await hasFocus(page.getByLabel(fields.password, { exact: true }))).toBe(true);
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** The signed-in page's API token (the web client keeps it in `localStorage`). */
export async function pageToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('auth-token') ?? 'null') as { value?: string } | null;
    return stored?.value ?? null;
  });
  if (!token) {
    throw new Error('The page holds no session token');
  }
  return token;
}
