import '../test/setup.ts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CopyButton } from './copy-button.tsx';

describe('CopyButton', () => {
  it('copies the value and confirms it in place', async () => {
    const user = userEvent.setup();
    const onCopied = vi.fn();
    render(<CopyButton text="9876543210" label="نسخ الرقم" copiedLabel="تم النسخ" onCopied={onCopied} />);
    await user.click(screen.getByRole('button', { name: 'نسخ الرقم' }));
    expect(await screen.findByRole('button', { name: 'تم النسخ' })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('9876543210');
    expect(onCopied).toHaveBeenCalledOnce();
  });
});
