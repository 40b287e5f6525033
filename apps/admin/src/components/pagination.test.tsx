import '../test/setup.ts';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mirrorInRtl } from './direction-icons.tsx';
import { Pagination } from './pagination.tsx';

/**
 * The icon a button draws, as lucide names it, and whether it turns round in right-to-left text. The
 * drawing itself is checked in a browser (tests/e2e/a11y-admin.e2e.test.ts): here, which icon.
 */
function iconOf(button: HTMLElement) {
  const icon = button.querySelector('svg');
  return {
    drawn: icon?.classList.contains('lucide-chevron-right') ? 'right' : 'left',
    mirroredInRtl: icon?.classList.contains(mirrorInRtl) ?? false,
  };
}

describe('the pager under the back office’s tables', () => {
  it('pages in Arabic-Indic figures, with arrows that follow the reading direction', () => {
    const onPageChange = vi.fn();
    render(
      <div dir="rtl">
        <Pagination label="الدروس" page={2} pageSize={20} total={1207} onPageChange={onPageChange} />
      </div>,
    );
    const pager = screen.getByRole('navigation', { name: 'الدروس' });
    expect(pager).toHaveTextContent('٢١–٤٠ من ١٬٢٠٧');
    expect(pager).toHaveTextContent('صفحة ٢ من ٦١');
    expect(pager.textContent).not.toMatch(/[0-9]/);

    // Drawn for left-to-right and mirrored in Arabic: "next" points left there, "previous" right.
    const next = within(pager).getByRole('button', { name: 'الصفحة التالية' });
    const previous = within(pager).getByRole('button', { name: 'الصفحة السابقة' });
    expect(iconOf(next)).toEqual({ drawn: 'right', mirroredInRtl: true });
    expect(iconOf(previous)).toEqual({ drawn: 'left', mirroredInRtl: true });

    next.click();
    previous.click();
    expect(onPageChange.mock.calls).toEqual([[3], [1]]);
  });
});
