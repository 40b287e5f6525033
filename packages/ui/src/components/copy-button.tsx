import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button, type ButtonProps } from './button.tsx';

export interface CopyButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  /** What goes to the clipboard. */
  text: string;
  /** The button's text, e.g. "نسخ الرقم". */
  label: string;
  /** Shown (and announced) for a moment after copying. */
  copiedLabel: string;
  /** Called after a successful copy (a toast, analytics). */
  onCopied?: () => void;
}

/** Writes `text` with the async clipboard, falling back to a selected textarea on older browsers. */
async function writeClipboard(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Permission refused or insecure context: try the fallback.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/** A button that copies a value (a reference number, a code) and confirms it in place for two seconds. */
export function CopyButton({
  text,
  label,
  copiedLabel,
  onCopied,
  variant = 'secondary',
  ...props
}: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) {
      return;
    }
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  return (
    <Button
      variant={variant}
      onClick={() => {
        void writeClipboard(text).then((ok) => {
          if (ok) {
            setCopied(true);
            onCopied?.();
          }
        });
      }}
      {...props}
    >
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      <span aria-live="polite">{copied ? copiedLabel : label}</span>
    </Button>
  );
}
