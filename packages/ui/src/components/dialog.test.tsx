import '../test/setup.ts';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from './button.tsx';
import { Dialog, DialogClose, DialogContent } from './dialog.tsx';

/**
 * A dialog opened from state by a plain button (no `DialogTrigger`), as most screens open theirs; its
 * "remove" action takes the opener away (as cancelling a lesson removes its card), its "save" action
 * leaves it disabled (as a saved role leaves nothing to save).
 */
function OpenedFromState() {
  const [open, setOpen] = useState(false);
  const [removed, setRemoved] = useState(false);
  const [saved, setSaved] = useState(false);
  return (
    <>
      {removed ? null : (
        <Button disabled={saved} onClick={() => setOpen(true)}>
          قيّم المعلم
        </Button>
      )}
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          title="تقييم الدرس"
          footer={
            <>
              <DialogClose asChild>
                <Button variant="secondary">إلغاء</Button>
              </DialogClose>
              <Button
                onClick={() => {
                  setRemoved(true);
                  setOpen(false);
                }}
              >
                احذف
              </Button>
              <Button
                onClick={() => {
                  setSaved(true);
                  setOpen(false);
                }}
              >
                احفظ
              </Button>
            </>
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

  it('an opener that is gone: the focus goes to the nearest container that can take it', async () => {
    const user = userEvent.setup();
    render(
      <main tabIndex={-1}>
        <section>
          <OpenedFromState />
        </section>
      </main>,
    );
    screen.getByRole('button', { name: 'قيّم المعلم' }).focus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('button', { name: 'احذف' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'قيّم المعلم' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
  });

  it('an opener its dialog disabled: the focus goes to the nearest container that can take it', async () => {
    const user = userEvent.setup();
    render(
      <main tabIndex={-1}>
        <OpenedFromState />
      </main>,
    );
    screen.getByRole('button', { name: 'قيّم المعلم' }).focus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('button', { name: 'احفظ' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'قيّم المعلم' })).toBeDisabled();
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
  });
});
