import { Menu } from 'lucide-react';
import { type ReactNode, Suspense, useState } from 'react';
import { preloadOnIntent } from '../lib/preload-on-intent.ts';
import { useOpenedOnce } from '../lib/use-opened-once.ts';
import { messages } from '../messages/messages.ts';
import { Button } from './button.tsx';

export interface MenuSheetButtonProps {
  /** Fetches the sheet's chunk: when the button is pointed at or focused, at the latest when pressed. */
  load: () => Promise<unknown>;
  /** The sheet (a lazy component), rendered from the first press on, open or closed as told. */
  children: (sheet: { open: boolean; onOpenChange: (open: boolean) => void }) => ReactNode;
  className?: string;
}

/**
 * The small screens' menu button, whose navigation sheet, and the dialog machinery with it (focus
 * trap, scroll lock, portal), is not part of the first screen's download (issue 16): the app passes
 * a lazy sheet and its loader, fetched on the first sign of use.
 */
export function MenuSheetButton({ load, children, className }: MenuSheetButtonProps) {
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);

  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label={messages.common.openMenu}
        aria-haspopup="dialog"
        aria-expanded={open}
        className={className}
        {...preloadOnIntent(load)}
        onClick={() => setOpen(true)}
      >
        <Menu aria-hidden="true" />
      </Button>
      {opened ? <Suspense fallback={null}>{children({ open, onOpenChange: setOpen })}</Suspense> : null}
    </>
  );
}
