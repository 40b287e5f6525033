import { cn, Input } from '@hiwar/ui';
import type { ComponentProps } from 'react';

export interface UnitInputProps extends ComponentProps<typeof Input> {
  /** The unit drawn inside the field at its inline end: ج.م.، ٪، دقيقة. */
  unit: string;
}

/**
 * A numeric text field with its unit. Every prop (id and aria wiring from `FormField` included) goes to
 * the input itself, so it can sit directly inside `FormField`.
 */
export function UnitInput({ unit, className, ...props }: UnitInputProps) {
  return (
    <div className="relative">
      <Input
        inputMode="decimal"
        autoComplete="off"
        className={cn('pe-12 tabular-nums', className)}
        {...props}
      />
      <span
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 end-3 my-auto flex items-center text-xs font-semibold text-muted-foreground"
      >
        {unit}
      </span>
    </div>
  );
}
