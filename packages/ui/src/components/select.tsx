import * as SelectPrimitive from '@radix-ui/react-select';
import { Check, ChevronDown } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../lib/cn.ts';
import { messages } from '../messages/messages.ts';
import { fieldControlClassName } from './input.tsx';

export interface SelectOption {
  value: string;
  label: ReactNode;
  disabled?: boolean;
}

type TriggerProps = Omit<
  ComponentProps<typeof SelectPrimitive.Trigger>,
  'value' | 'defaultValue' | 'dir' | 'asChild'
>;

export interface SelectProps extends TriggerProps {
  options: readonly SelectOption[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  placeholder?: ReactNode;
  /** Form field name; Radix renders a hidden native select so the value submits with the form. */
  name?: string;
  required?: boolean;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}

/**
 * A single-choice select on Radix (keyboard, typeahead, RTL via the DirectionProvider). Trigger props
 * (`id`, `aria-*`, `ref`) go to the trigger, so it works inside `FormField`.
 */
export function Select({
  options,
  value,
  defaultValue,
  onValueChange,
  placeholder = messages.common.selectPlaceholder,
  name,
  required,
  disabled,
  open,
  onOpenChange,
  className,
  ...triggerProps
}: SelectProps) {
  return (
    <SelectPrimitive.Root
      value={value}
      defaultValue={defaultValue}
      onValueChange={onValueChange}
      name={name}
      required={required}
      disabled={disabled}
      open={open}
      onOpenChange={onOpenChange}
    >
      <SelectPrimitive.Trigger
        className={cn(
          fieldControlClassName,
          'inline-flex h-11 items-center justify-between gap-2 text-start data-[placeholder]:text-muted-foreground',
          className,
        )}
        {...triggerProps}
      >
        <SelectPrimitive.Value placeholder={placeholder} />
        <SelectPrimitive.Icon>
          <ChevronDown aria-hidden="true" className="size-4 text-muted-foreground" />
        </SelectPrimitive.Icon>
      </SelectPrimitive.Trigger>
      <SelectPrimitive.Portal>
        <SelectPrimitive.Content
          position="popper"
          sideOffset={6}
          className="z-50 max-h-(--radix-select-content-available-height) min-w-(--radix-select-trigger-width) overflow-hidden rounded-xl border border-border bg-surface-raised text-foreground shadow-pop animate-pop-in"
        >
          <SelectPrimitive.Viewport className="p-1">
            {options.map((option) => (
              <SelectPrimitive.Item
                key={option.value}
                value={option.value}
                disabled={option.disabled}
                className="relative flex cursor-pointer select-none items-center rounded-lg py-2 ps-8 pe-3 text-sm outline-none focus-visible:outline-solid focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring data-[disabled]:pointer-events-none data-[highlighted]:bg-brand-soft data-[highlighted]:text-brand-soft-foreground data-[disabled]:opacity-50"
              >
                <SelectPrimitive.ItemIndicator className="absolute start-2 inline-flex items-center">
                  <Check aria-hidden="true" className="size-4" />
                </SelectPrimitive.ItemIndicator>
                <SelectPrimitive.ItemText>{option.label}</SelectPrimitive.ItemText>
              </SelectPrimitive.Item>
            ))}
          </SelectPrimitive.Viewport>
        </SelectPrimitive.Content>
      </SelectPrimitive.Portal>
    </SelectPrimitive.Root>
  );
}
