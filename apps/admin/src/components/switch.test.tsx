import '../test/setup.ts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Switch } from './switch.tsx';

describe('Switch', () => {
  it('disabled while focused (its change being saved) it keeps the focus and ignores presses, then is disabled', () => {
    const onCheckedChange = vi.fn();
    const view = (disabled: boolean) => (
      <>
        <Switch aria-label="مفعّل" checked={false} disabled={disabled} onCheckedChange={onCheckedChange} />
        <button type="button">التالي</button>
      </>
    );
    const { rerender } = render(view(false));
    const control = screen.getByRole('switch', { name: 'مفعّل' });
    act(() => control.focus());
    rerender(view(true));
    expect(control).toHaveFocus();
    expect(control).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(control);
    expect(onCheckedChange).not.toHaveBeenCalled();

    act(() => screen.getByRole('button', { name: 'التالي' }).focus());
    expect(control).toBeDisabled();
    rerender(view(false));
    fireEvent.click(control);
    expect(onCheckedChange).toHaveBeenCalledWith(true);
  });
});
