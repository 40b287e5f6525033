import { BOUNDS, type ToastType } from '@hiwar/domain';
import { AlertTriangle, CheckCircle2, Info, X, XCircle } from 'lucide-react';
import {
  createContext,
  type ReactNode,
  use,
  useCallback,
  useEffect,
  useEffectEvent,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { createPortal } from 'react-dom';
import { Button } from '../components/button.tsx';
import { cn } from '../lib/cn.ts';
import { messages } from '../messages/messages.ts';

export type ToastId = string | number;

export interface ToastAction {
  label: string;
  onClick: () => void;
  loading?: boolean;
  disabled?: boolean;
  /**
   * How a screen-reader user can do the same thing without the (transient) toast, e.g. "يمكنك إلغاء
   * الحجز من صفحة الدروس". Required in practice: an action without it is not rendered (spec §4, Radix
   * toast semantics), because a keyboard or screen-reader user may never reach it before it closes.
   */
  altText?: string;
}

export interface ToastOptions {
  /** Reusing an id replaces that toast and restarts its timer; omitted, a random integer below 1000. */
  id?: ToastId;
  type: ToastType;
  title: string;
  description?: string;
  actions?: readonly ToastAction[];
}

export type ToastPosition = 'top-left' | 'bottom-left';

export interface ToastContextValue {
  /** Shows (or replaces) a toast and returns its id. */
  toast: (options: ToastOptions) => ToastId;
  dismiss: (id: ToastId) => void;
}

interface ToastRecord extends ToastOptions {
  id: ToastId;
  /** Bumped on every replacement so the auto-close timer restarts. */
  version: number;
}

/** Older toasts beyond this are dropped, so a burst of errors cannot cover the page. */
const MAX_VISIBLE = 5;

const ToastContext = createContext<ToastContextValue | null>(null);

/** The spec's id rule (a missing id gets a random number below 1000), kept as the original product had it. */
export function createToastId(): number {
  return Math.floor(Math.random() * 1000);
}

const subscribeNever = () => () => {};
function useIsClient(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

export interface ToastProviderProps {
  children: ReactNode;
  /** Physical corner as the spec names it; in this RTL product left is the inline end. */
  position?: ToastPosition;
  /** Milliseconds before a toast closes by itself (spec §4: 4000). */
  duration?: number;
}

export function ToastProvider({
  children,
  position = 'top-left',
  duration = BOUNDS.toastDurationMs,
}: ToastProviderProps) {
  const [toasts, setToasts] = useState<readonly ToastRecord[]>([]);

  const dismiss = useCallback((id: ToastId) => {
    setToasts((current) => current.filter((item) => item.id !== id));
  }, []);

  const toast = useCallback((options: ToastOptions): ToastId => {
    const id = options.id ?? createToastId();
    setToasts((current) => {
      const existing = current.find((item) => item.id === id);
      if (existing) {
        return current.map((item) =>
          item.id === id ? { ...options, id, version: existing.version + 1 } : item,
        );
      }
      return [...current, { ...options, id, version: 0 }].slice(-MAX_VISIBLE);
    });
    return id;
  }, []);

  const value = useMemo<ToastContextValue>(() => ({ toast, dismiss }), [toast, dismiss]);

  return (
    <ToastContext value={value}>
      {children}
      <ToastViewport toasts={toasts} position={position} duration={duration} onDismiss={dismiss} />
    </ToastContext>
  );
}

/** `toast` and `dismiss`. Throws outside `ToastProvider`: a developer error (spec §8). */
export function useToast(): ToastContextValue {
  const context = use(ToastContext);
  if (!context) {
    throw new Error('useToast must be used inside <ToastProvider> (wrap the app in <UiProvider>).');
  }
  return context;
}

interface ToastViewportProps {
  toasts: readonly ToastRecord[];
  position: ToastPosition;
  duration: number;
  onDismiss: (id: ToastId) => void;
}

function ToastViewport({ toasts, position, duration, onDismiss }: ToastViewportProps) {
  const isClient = useIsClient();
  if (!isClient) {
    return null;
  }
  const isTop = position === 'top-left';
  // Newest nearest the edge the toasts come from.
  const ordered = isTop ? [...toasts].reverse() : toasts;
  return createPortal(
    <section
      aria-label={messages.toast.region}
      className={cn(
        'pointer-events-none fixed inset-x-4 z-[100] sm:inset-x-auto sm:end-4 sm:w-96',
        isTop ? 'top-4' : 'bottom-4',
      )}
    >
      <ol className="flex flex-col gap-2.5">
        {ordered.map((item) => (
          <ToastItem key={item.id} toast={item} duration={duration} onDismiss={onDismiss} />
        ))}
      </ol>
    </section>,
    document.body,
  );
}

const typeStyles: Record<ToastType, { icon: typeof Info; className: string }> = {
  success: { icon: CheckCircle2, className: 'text-success' },
  info: { icon: Info, className: 'text-info' },
  error: { icon: XCircle, className: 'text-danger' },
  warning: { icon: AlertTriangle, className: 'text-warning' },
};

const accentStyles: Record<ToastType, string> = {
  success: 'before:bg-success',
  info: 'before:bg-info',
  error: 'before:bg-danger',
  warning: 'before:bg-warning',
};

interface ToastItemProps {
  toast: ToastRecord;
  duration: number;
  onDismiss: (id: ToastId) => void;
}

function ToastItem({ toast, duration, onDismiss }: ToastItemProps) {
  const { id, type, title, description, actions = [], version } = toast;
  const [isHovered, setHovered] = useState(false);
  const [hasFocus, setHasFocus] = useState(false);
  const isBusy = actions.some((action) => action.loading);
  // Pausing while pointed at, focused or busy gives people time to read and to finish an action.
  const isPaused = isHovered || hasFocus || isBusy;
  useAutoClose(() => onDismiss(id), duration, version, isPaused);

  const { icon: Icon, className: iconClassName } = typeStyles[type];
  const visibleActions = actions.filter((action) => Boolean(action.altText));

  return (
    // The live region is the item's content, not the item: a list's children stay list items.
    <li
      data-type={type}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHasFocus(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) {
          setHasFocus(false);
        }
      }}
      className={cn(
        'pointer-events-auto relative flex items-start gap-3 overflow-hidden rounded-2xl border border-border bg-surface-raised py-3.5 ps-4 pe-3 text-foreground shadow-pop animate-toast-in',
        'before:absolute before:inset-y-0 before:start-0 before:w-1',
        accentStyles[type],
      )}
    >
      <div
        role="status"
        aria-live={type === 'error' ? 'assertive' : 'polite'}
        aria-atomic="true"
        className="flex min-w-0 flex-1 items-start gap-3"
      >
        <Icon aria-hidden="true" className={cn('mt-0.5 size-5 shrink-0', iconClassName)} />
        <div className="min-w-0 flex-1">
          <p className="font-semibold leading-6">{title}</p>
          {description ? <p className="mt-0.5 text-sm text-muted-foreground">{description}</p> : null}
          {visibleActions.length > 0 ? (
            <div className="mt-3 flex flex-wrap gap-2">
              {visibleActions.map((action) => (
                <Button
                  key={action.label}
                  size="sm"
                  variant="secondary"
                  loading={action.loading}
                  disabled={action.disabled}
                  onClick={action.onClick}
                >
                  {action.label}
                  <span className="sr-only">{action.altText}</span>
                </Button>
              ))}
            </div>
          ) : null}
        </div>
      </div>
      <button
        type="button"
        aria-label={messages.toast.close}
        onClick={() => onDismiss(id)}
        className="-mt-0.5 inline-flex size-7 shrink-0 items-center justify-center rounded-lg text-muted-foreground transition-colors hover:bg-surface-muted hover:text-foreground"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </li>
  );
}

/**
 * Closes after `duration` ms of not being paused. A replacement (`version` bump) starts over; pausing
 * keeps the time already spent, like Radix's toast.
 */
function useAutoClose(onClose: () => void, duration: number, version: number, isPaused: boolean): void {
  const close = useEffectEvent(onClose);
  const remaining = useRef(duration);

  // Declared before the timer effect: on a replacement React runs both cleanups, then this reset,
  // then the timer with the full duration.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the trigger, not a value read.
  useEffect(() => {
    remaining.current = duration;
  }, [version, duration]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: restarts on replacement through `version`.
  useEffect(() => {
    if (isPaused) {
      return;
    }
    const startedAt = Date.now();
    const timer = setTimeout(() => close(), Math.max(0, remaining.current));
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - startedAt;
    };
  }, [isPaused, version, duration]);
}
