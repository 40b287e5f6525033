/**
 * The small-screen menu: the header's button opens the `<dialog>` as a modal side sheet (the browser
 * keeps focus inside, closes it on Escape and returns focus to the button); its close button, a click
 * on the backdrop or following one of its links closes it.
 */
export function mountMenu(root: ParentNode): void {
  const opener = root.querySelector<HTMLButtonElement>('[data-menu-open]');
  const dialog = opener
    ? root.querySelector<HTMLDialogElement>(`#${opener.getAttribute('aria-controls')}`)
    : null;
  if (!opener || !dialog) {
    return;
  }
  opener.addEventListener('click', () => {
    dialog.showModal();
    opener.setAttribute('aria-expanded', 'true');
  });
  dialog.addEventListener('close', () => {
    opener.setAttribute('aria-expanded', 'false');
  });
  dialog.addEventListener('click', (event) => {
    const target = event.target as Element;
    // The dialog itself is only hit on its backdrop: its content fills it.
    if (target === dialog || target.closest('[data-menu-close]') || target.closest('a')) {
      dialog.close();
    }
  });
}
