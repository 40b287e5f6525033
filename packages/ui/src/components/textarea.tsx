import type { ComponentProps } from 'react';
import { cn } from '../lib/cn.ts';
import { fieldControlClassName } from './input.tsx';

export type TextareaProps = ComponentProps<'textarea'>;

export function Textarea({ className, rows = 4, ...props }: TextareaProps) {
  return (
    <textarea
      rows={rows}
      className={cn(fieldControlClassName, 'min-h-24 py-2.5 leading-relaxed', className)}
      {...props}
    />
  );
}
