import '../test/setup.ts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Avatar, getInitials } from './avatar.tsx';
import { Button } from './button.tsx';
import { CardTitle } from './card.tsx';
import { Dialog, DialogContent, DialogTrigger } from './dialog.tsx';
import { EmptyState } from './empty-state.tsx';
import { Spinner } from './spinner.tsx';

describe('primitives', () => {
  it('a loading button shows a spinner, is busy and ignores clicks', () => {
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick}>
        احجز
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'احجز' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button.querySelector('[data-spinner]')).not.toBeNull();
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('a button that starts loading keeps the focus, and a loading submit button sends nothing', () => {
    const onSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    const form = (loading: boolean) => (
      <form onSubmit={onSubmit}>
        <Button type="submit" loading={loading}>
          أرسل
        </Button>
      </form>
    );
    const { rerender } = render(form(false));
    const button = screen.getByRole('button', { name: 'أرسل' });
    button.focus();
    rerender(form(true));
    expect(document.activeElement).toBe(button);
    expect(button).not.toBeDisabled();
    fireEvent.click(button);
    expect(onSubmit).not.toHaveBeenCalled();
    rerender(form(false));
    fireEvent.click(button);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('a focused button its press disables keeps the focus until it leaves, then is really disabled', () => {
    const onClick = vi.fn();
    const view = (disabled: boolean) => (
      <>
        <Button disabled={disabled} onClick={onClick}>
          أعد الضبط
        </Button>
        <Button>التالي</Button>
      </>
    );
    const { rerender } = render(view(false));
    const button = screen.getByRole('button', { name: 'أعد الضبط' });
    button.focus();
    rerender(view(true));
    expect(document.activeElement).toBe(button);
    expect(button).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    act(() => screen.getByRole('button', { name: 'التالي' }).focus());
    expect(button).toBeDisabled();
    // Never focused, a disabled button is simply disabled.
    rerender(view(false));
    rerender(view(true));
    expect(button).toBeDisabled();
    expect(button).not.toHaveAttribute('aria-disabled');
  });

  it('the spinner is announced in Arabic', () => {
    render(<Spinner />);
    expect(screen.getByRole('status')).toHaveTextContent('جارٍ التحميل');
  });

  it('initials keep two Arabic letters apart', () => {
    expect(getInitials('محمد علي حسن')).toBe('م\u200Cع');
    expect(getInitials('sara')).toBe('S');
  });

  it('an avatar is named by the person, or is decoration when their name is written beside it', async () => {
    const { unmount } = render(<Avatar name="منى عادل" />);
    expect(await screen.findByText('منى عادل')).toHaveClass('sr-only');
    unmount();
    render(<Avatar name="منى عادل" decorative />);
    await screen.findByText(getInitials('منى عادل'));
    expect(screen.queryByText('منى عادل')).not.toBeInTheDocument();
  });

  it("an avatar's picture is an image named by the person, and gives way to the initials when it fails", () => {
    // jsdom loads no picture: each would look broken at once. Here it is still loading.
    vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(false);
    render(<Avatar name="منى عادل" src="/assets/uploads/mona.jpg" />);
    const picture = screen.getByRole('img', { name: 'منى عادل' });
    expect(picture).toHaveAttribute('src', '/assets/uploads/mona.jpg');
    // Once only: no hidden name beside a picture that already says it.
    expect(screen.queryByText('منى عادل')).not.toBeInTheDocument();
    fireEvent.error(picture);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText('منى عادل')).toHaveClass('sr-only');
    expect(screen.getByText(getInitials('منى عادل'))).toBeVisible();
    vi.restoreAllMocks();
  });

  it('an avatar whose picture failed before the page was interactive shows the initials', () => {
    // jsdom: a picture that is complete with no width is a broken one.
    render(<Avatar name="منى عادل" src="/assets/uploads/missing.jpg" />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText('منى عادل')).toHaveClass('sr-only');
  });

  it('a card title takes the heading level the page outline needs', () => {
    const { rerender } = render(<CardTitle>الملف الشخصي</CardTitle>);
    expect(screen.getByRole('heading', { level: 3, name: 'الملف الشخصي' })).toBeInTheDocument();
    rerender(<CardTitle as="h2">الملف الشخصي</CardTitle>);
    expect(screen.getByRole('heading', { level: 2, name: 'الملف الشخصي' })).toBeInTheDocument();
  });

  it('an empty state shows its title, description and action', () => {
    render(
      <EmptyState
        title="لا توجد دروس"
        description="احجز درسك الأول"
        action={<Button>تصفّح المعلمين</Button>}
      />,
    );
    expect(screen.getByRole('heading', { name: 'لا توجد دروس' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'تصفّح المعلمين' })).toBeInTheDocument();
  });

  it('a dialog is named by its title, described, and closes with its close button', async () => {
    const user = userEvent.setup();
    render(
      <Dialog>
        <DialogTrigger asChild>
          <Button>إلغاء الدرس</Button>
        </DialogTrigger>
        <DialogContent title="تأكيد الإلغاء" description="لا يمكن التراجع عن الإلغاء." />
      </Dialog>,
    );
    await user.click(screen.getByRole('button', { name: 'إلغاء الدرس' }));
    const dialog = screen.getByRole('dialog', { name: 'تأكيد الإلغاء' });
    expect(dialog).toHaveAccessibleDescription('لا يمكن التراجع عن الإلغاء.');
    await user.click(screen.getByRole('button', { name: 'إغلاق' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
