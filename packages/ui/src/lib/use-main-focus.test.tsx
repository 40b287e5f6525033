import '../test/setup.ts';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useMainFocus } from './use-main-focus.ts';

function Shell({ path }: { path: string }) {
  const main = useMainFocus(path);
  return (
    <>
      <nav>
        <a href="/other">الرابط الثابت</a>
      </nav>
      <main ref={main} tabIndex={-1}>
        <section tabIndex={-1} aria-label="البطاقة">
          <button type="button">إلغاء</button>
        </section>
        <button type="button">زر آخر</button>
      </main>
    </>
  );
}

describe('useMainFocus', () => {
  it('a removed focused button leaves the focus on its nearest focusable container, else on main', async () => {
    render(<Shell path="/" />);
    const card = screen.getByRole('region', { name: 'البطاقة' });
    const cancel = screen.getByRole('button', { name: 'إلغاء' });
    cancel.focus();
    cancel.remove();
    await waitFor(() => expect(card).toHaveFocus());

    const other = screen.getByRole('button', { name: 'زر آخر' });
    other.focus();
    other.remove();
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
  });

  it('a new path with the focus lost puts it on main; a focus that stayed is kept', () => {
    const { rerender } = render(<Shell path="/" />);
    const link = screen.getByRole('link', { name: 'الرابط الثابت' });
    link.focus();
    rerender(<Shell path="/other" />);
    expect(link).toHaveFocus();

    link.blur();
    rerender(<Shell path="/third" />);
    expect(screen.getByRole('main')).toHaveFocus();
  });
});
