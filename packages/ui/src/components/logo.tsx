import type { ComponentProps } from 'react';
import { cn } from '../lib/cn.ts';
import { messages } from '../messages/messages.ts';

export interface LogoProps extends ComponentProps<'span'> {
  /** Text under the wordmark, e.g. "لوحة الإدارة" in the back office. */
  caption?: string;
  size?: 'md' | 'lg';
}

/**
 * The Hiwar mark (two overlapping speech bubbles: a conversation) and wordmark. Decorative parts are
 * hidden; the wordmark is the accessible name, so a logo link reads "حوار".
 */
export function Logo({ caption, size = 'md', className, ...props }: LogoProps) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)} {...props}>
      <svg
        aria-hidden="true"
        viewBox="0 0 40 40"
        className={cn('shrink-0', size === 'lg' ? 'size-11' : 'size-9')}
        focusable="false"
      >
        <rect width="40" height="40" rx="12" className="fill-brand" />
        <path
          d="M11 12.5a3.5 3.5 0 0 1 3.5-3.5h10a3.5 3.5 0 0 1 3.5 3.5v6a3.5 3.5 0 0 1-3.5 3.5h-6.2l-4.3 3.4V22h0a3 3 0 0 1-3-3Z"
          className="fill-brand-foreground"
        />
        <path
          d="M29 17.8h.5a2.5 2.5 0 0 1 2.5 2.5v5.4a2.5 2.5 0 0 1-2.5 2.5v3l-3.8-3h-5.2a2.5 2.5 0 0 1-2.5-2.5v-.2"
          className="fill-none stroke-accent"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="flex flex-col leading-none">
        <span
          className={cn('font-bold tracking-tight text-foreground', size === 'lg' ? 'text-3xl' : 'text-2xl')}
        >
          {messages.app.name}
        </span>
        {caption ? <span className="mt-1 text-xs font-medium text-muted-foreground">{caption}</span> : null}
      </span>
    </span>
  );
}
