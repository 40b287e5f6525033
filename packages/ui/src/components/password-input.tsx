import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../lib/cn.ts';
import { messages } from '../messages/messages.ts';
import { Input, type InputProps } from './input.tsx';

export type PasswordInputProps = Omit<InputProps, 'type' | 'dir'>;

/**
 * A password field with a show/hide button at the inline end (the left in RTL). Passwords are Latin, so
 * the input is `dir="ltr"`, aligned to the right like the other fields of an Arabic form. Props (`id`,
 * `aria-*`, `ref`) go to the input, so it works inside `FormField` and with react-hook-form's `register`.
 */
export function PasswordInput({ className, ...props }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  const label = visible ? messages.controls.hidePassword : messages.controls.showPassword;
  return (
    <div className="relative">
      <Input
        type={visible ? 'text' : 'password'}
        dir="ltr"
        spellCheck={false}
        autoCapitalize="none"
        autoCorrect="off"
        className={cn('ps-11 text-end', className)}
        {...props}
      />
      <button
        type="button"
        onClick={() => setVisible((value) => !value)}
        aria-label={label}
        aria-pressed={visible}
        title={label}
        disabled={props.disabled}
        className="absolute inset-y-0 end-0 inline-flex w-11 items-center justify-center rounded-xl text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-50"
      >
        {visible ? (
          <EyeOff aria-hidden="true" className="size-5" />
        ) : (
          <Eye aria-hidden="true" className="size-5" />
        )}
      </button>
    </div>
  );
}
