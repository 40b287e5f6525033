import '../test/setup.ts';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from './button.tsx';
import { Dialog, DialogClose, DialogContent } from './dialog.tsx';

/** A dialog opened from state by a plain button (no `DialogTrigger`), as most screens open theirs. */
function OpenedFromState({ removeOpener = false }: { removeOpener?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      {removeOpener && open ? null : <Button onClick={() => setOpen(true)}>قيّم المعلم</Button>}
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          title="تقييم الدرس"
          footer={
            <DialogClose asChild>
              <Button variant="secondary">إلغاء</Button>
            </DialogClose>
          }
        />
      </Dialog>
    </>
  );
}

describe('dialog focus', () => {
  it('Escape closes a dialog opened from state and the focus goes back to its opener', async () => {
    const user = userEvent.setup();
    render(<OpenedFromState />);
    const opener = screen.getByRole('button', { name: 'قيّم المعلم' });
    opener.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'تقييم الدرس' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('a close button inside gives the focus back to the opener too', async () => {
    const user = userEvent.setup();
    render(<OpenedFromState />);
    const opener = screen.getByRole('button', { name: 'قيّم المعلم' });
    opener.focus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('button', { name: 'إلغاء' }));
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('an opener that is gone is left alone', async () => {
    const user = userEvent.setup();
    render(<OpenedFromState removeOpener />);
    screen.getByRole('button', { name: 'قيّم المعلم' }).focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'تقييم الدرس' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'قيّم المعلم' })).not.toHaveFocus();
  });
});
