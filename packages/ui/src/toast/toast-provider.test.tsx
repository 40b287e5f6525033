import '../test/setup.ts';
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorMessages } from '../messages/error-messages.ts';
import { type ToastContextValue, ToastProvider, useToast } from './toast-provider.tsx';
import { useErrorToast } from './use-error-toast.ts';

let api: ToastContextValue;

function Capture() {
  api = useToast();
  return null;
}

function renderProvider() {
  return render(
    <ToastProvider>
      <Capture />
    </ToastProvider>,
  );
}

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('closes a toast by itself after 4 seconds', () => {
    renderProvider();
    act(() => {
      api.toast({ type: 'success', title: 'تم الحفظ' });
    });
    expect(screen.getByRole('status')).toHaveTextContent('تم الحفظ');

    act(() => {
      vi.advanceTimersByTime(3999);
    });
    expect(screen.queryByText('تم الحفظ')).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('تم الحفظ')).not.toBeInTheDocument();
  });

  it('replaces a toast shown with the same id and restarts its timer', () => {
    renderProvider();
    act(() => {
      api.toast({ id: 'upload', type: 'info', title: 'جارٍ الرفع' });
    });
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    act(() => {
      api.toast({ id: 'upload', type: 'success', title: 'اكتمل الرفع' });
    });

    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.queryByText('جارٍ الرفع')).not.toBeInTheDocument();
    expect(screen.getByText('اكتمل الرفع')).toBeInTheDocument();

    // 3 s after the replacement the original timer would have fired; the restarted one has not.
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(screen.getByText('اكتمل الرفع')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByText('اكتمل الرفع')).not.toBeInTheDocument();
  });

  it('gives a toast without an id a random integer id below 1000', () => {
    renderProvider();
    vi.spyOn(Math, 'random').mockReturnValueOnce(0.9999).mockReturnValueOnce(0);
    let high: unknown;
    let low: unknown;
    act(() => {
      high = api.toast({ type: 'info', title: 'أ' });
      low = api.toast({ type: 'info', title: 'ب' });
    });
    expect(high).toBe(999);
    expect(low).toBe(0);
    expect(screen.getAllByRole('status')).toHaveLength(2);
  });

  it('does not render an action that has no alternative text', () => {
    renderProvider();
    const onUndo = vi.fn();
    act(() => {
      api.toast({
        type: 'warning',
        title: 'أُلغي الدرس',
        actions: [
          { label: 'تراجع', onClick: onUndo, altText: 'يمكنك حجز الدرس مرة أخرى من صفحة المعلم' },
          { label: 'تفاصيل', onClick: vi.fn() },
        ],
      });
    });
    expect(screen.queryByRole('button', { name: /تفاصيل/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /تراجع/ }));
    expect(onUndo).toHaveBeenCalledOnce();
  });

  it('shows a loading action as busy and unavailable', () => {
    renderProvider();
    act(() => {
      api.toast({
        type: 'info',
        title: 'إعادة الإرسال',
        actions: [{ label: 'أرسل', onClick: vi.fn(), loading: true, altText: 'أعد الإرسال من الإعدادات' }],
      });
    });
    const action = screen.getByRole('button', { name: /أرسل/ });
    expect(action).toHaveAttribute('aria-disabled', 'true');
    expect(action).toHaveAttribute('aria-busy', 'true');
  });

  it('closes a toast with its close button', () => {
    renderProvider();
    act(() => {
      api.toast({ type: 'error', title: 'فشل الحفظ' });
    });
    fireEvent.click(screen.getByRole('button', { name: 'إغلاق الإشعار' }));
    expect(screen.queryByText('فشل الحفظ')).not.toBeInTheDocument();
  });

  it('dismisses a toast by id', () => {
    renderProvider();
    act(() => {
      api.toast({ id: 7, type: 'info', title: 'مرحبًا' });
    });
    act(() => {
      api.dismiss(7);
    });
    expect(screen.queryByText('مرحبًا')).not.toBeInTheDocument();
  });

  it('throws a developer error when used outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useToast())).toThrow(/ToastProvider/);
  });

  it('shows the Arabic message of an API error code, once per code', () => {
    let showError: (error: unknown) => void = () => {};
    function CaptureError() {
      showError = useErrorToast();
      return null;
    }
    render(
      <ToastProvider>
        <CaptureError />
      </ToastProvider>,
    );
    const busy = Object.assign(new Error('busy'), { name: 'ApiError', code: 'busy-tutor', status: 409 });
    act(() => {
      showError(busy);
      showError(busy);
    });
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent(errorMessages['busy-tutor']);
  });

  it('can sit at the bottom-left', () => {
    render(
      <ToastProvider position="bottom-left">
        <Capture />
      </ToastProvider>,
    );
    act(() => {
      api.toast({ type: 'info', title: 'مرحبًا' });
    });
    expect(screen.getByRole('region', { name: 'الإشعارات' })).toHaveClass('bottom-4');
  });
});
