import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { type ComponentProps, type ReactNode, type Ref, useRef } from 'react';
import { cn } from '../lib/cn.ts';
import { messages } from '../messages/messages.ts';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export interface DialogContentProps extends Omit<ComponentProps<typeof DialogPrimitive.Content>, 'title'> {
  /** Required: every dialog is announced by its title. */
  title: ReactNode;
  description?: ReactNode;
  /** Keeps the title for screen readers only (e.g. a menu sheet whose content is self-explanatory). */
  hideTitle?: boolean;
  /** Buttons row at the bottom, aligned to the end. */
  footer?: ReactNode;
  /** `center` (default) is a modal card; `start` is a full-height sheet from the inline start (right in RTL). */
  side?: 'center' | 'start';
  /**
   * The title's element, which then takes the focus when given it (out of the tab order): a dialog
   * whose content changes in place (an action done, its details back) puts the focus there.
   */
  titleRef?: Ref<HTMLHeadingElement>;
}

/** The elements that held the focus when a dialog opened: the opener, then its ancestors outwards. */
function focusPath(): HTMLElement[] {
  const path: HTMLElement[] = [];
  for (
    let element = document.activeElement;
    element instanceof HTMLElement;
    element = element.parentElement
  ) {
    if (element === document.body) {
      break;
    }
    path.push(element);
  }
  return path;
}

/**
 * Where the focus goes back to: the opener while it is on the page and enabled, else the nearest
 * ancestor still on the page that can take the focus (a `tabindex`, as the apps' `<main>` has), so a
 * dialog whose action removed its opener (a cancelled lesson's card) or disabled it (a saved role
 * leaves nothing to save) leaves the keyboard where it was.
 */
function returnTarget(path: readonly HTMLElement[]): HTMLElement | null {
  const [opener, ...ancestors] = path;
  if (opener?.isConnected && !opener.matches(':disabled')) {
    return opener;
  }
  return ancestors.find((element) => element.isConnected && element.hasAttribute('tabindex')) ?? null;
}

/**
 * A dialog's card (or sheet). Closing it puts the focus back on the element that had it when it
 * opened, the opener, whether or not that was a `DialogTrigger` (Radix only returns focus to its own
 * trigger, so a dialog opened from state left the keyboard on the page's body); when the opener is
 * gone or disabled, on the nearest focusable container that remains; failing both, Radix's own
 * choice stands.
 */
export function DialogContent({
  title,
  description,
  hideTitle = false,
  footer,
  side = 'center',
  titleRef,
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: DialogContentProps) {
  const opener = useRef<HTMLElement[]>([]);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-overlay backdrop-blur-[2px] animate-fade-in" />
      <DialogPrimitive.Content
        // Without a description Radix warns unless aria-describedby is explicitly undefined.
        {...(description ? {} : { 'aria-describedby': undefined })}
        onOpenAutoFocus={(event) => {
          // Radix asks before it moves the focus in: the focus is still on the opener.
          opener.current = focusPath();
          onOpenAutoFocus?.(event);
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          const path = opener.current;
          opener.current = [];
          const target = returnTarget(path);
          if (!event.defaultPrevented && target) {
            event.preventDefault();
            // A container is focused where the page stands; the opener is brought into view.
            target.focus({ preventScroll: target !== path[0] });
          }
        }}
        className={cn(
          'fixed z-50 flex flex-col gap-4 border-border bg-surface-raised text-foreground shadow-pop focus:outline-none',
          side === 'center'
            ? 'inset-0 m-auto h-fit max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg overflow-y-auto rounded-2xl border p-6 animate-pop-in'
            : 'inset-y-0 start-0 h-dvh w-80 max-w-[85vw] overflow-y-auto border-e p-5 animate-sheet-in',
          className,
        )}
        {...props}
      >
        <div className={cn('flex flex-col gap-1.5 pe-8', hideTitle && 'sr-only')}>
          <DialogPrimitive.Title
            ref={titleRef}
            tabIndex={titleRef ? -1 : undefined}
            className="rounded-md text-lg font-bold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            {title}
          </DialogPrimitive.Title>
          {description ? (
            <DialogPrimitive.Description className="text-sm text-muted-foreground">
              {description}
            </DialogPrimitive.Description>
          ) : null}
        </div>
        {children}
        {footer ? <div className="mt-2 flex flex-wrap items-center justify-end gap-2">{footer}</div> : null}
        <DialogPrimitive.Close
          aria-label={messages.common.close}
          className="absolute end-3 top-3 inline-flex size-9 items-center justify-center rounded-lg text-muted-foreground transition-colors hover:bg-surface-muted hover:text-foreground"
        >
          <X aria-hidden="true" className="size-5" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
