import { accountMessages, cn, Input, type InputProps, Select, type SelectProps } from '@hiwar/ui';
import { birthYearOptions, genderOptions, governorateOptions } from '../lib/options.ts';

const text = accountMessages.fields;

/**
 * E-mail addresses are Latin: typed left to right, aligned to the right like the rest of an Arabic form.
 * Props (`id`, `aria-*`, `ref`, react-hook-form's `register`) go to the input.
 */
export function EmailInput({ className, ...props }: Omit<InputProps, 'type' | 'dir'>) {
  return (
    <Input
      type="email"
      dir="ltr"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      placeholder={text.emailPlaceholder}
      className={cn('text-end', className)}
      {...props}
    />
  );
}

/** An Egyptian mobile number; Arabic-Indic digits are fine, the schema normalises them. */
export function PhoneInput({ className, ...props }: Omit<InputProps, 'type' | 'dir'>) {
  return (
    <Input
      type="tel"
      dir="ltr"
      inputMode="tel"
      autoComplete="tel-national"
      placeholder={text.phonePlaceholder}
      className={cn('text-end', className)}
      {...props}
    />
  );
}

type NumberSelectProps = Omit<SelectProps, 'options' | 'value' | 'onValueChange' | 'defaultValue'> & {
  value: number | null | undefined;
  onValueChange: (value: number) => void;
};

/** The governorates with their Arabic names. */
export function GovernorateSelect({ value, onValueChange, ...props }: NumberSelectProps) {
  return (
    <Select
      options={governorateOptions(value)}
      value={value ? String(value) : ''}
      onValueChange={(next) => onValueChange(Number(next))}
      placeholder={text.cityPlaceholder}
      {...props}
    />
  );
}

/** Birth years the age rule allows, newest first. */
export function BirthYearSelect({ value, onValueChange, ...props }: NumberSelectProps) {
  return (
    <Select
      options={birthYearOptions()}
      value={value ? String(value) : ''}
      onValueChange={(next) => onValueChange(Number(next))}
      placeholder={text.birthYearPlaceholder}
      {...props}
    />
  );
}

type GenderSelectProps = Omit<SelectProps, 'options' | 'value' | 'onValueChange' | 'defaultValue'> & {
  value: string | null | undefined;
  onValueChange: (value: string) => void;
};

export function GenderSelect({ value, onValueChange, ...props }: GenderSelectProps) {
  return (
    <Select
      options={genderOptions}
      value={value ?? ''}
      onValueChange={onValueChange}
      placeholder={text.genderPlaceholder}
      {...props}
    />
  );
}
