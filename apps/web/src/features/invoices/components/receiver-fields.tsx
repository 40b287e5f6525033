import { BANK_NAMES, type BankName, type WithdrawMethod, WithdrawMethodType } from '@hiwar/domain';
import { cn, FormField, formatMoney, Input, invoicesMessages, RadioCards } from '@hiwar/ui';
import { AtSign, Landmark, Smartphone } from 'lucide-react';
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { DetailsFormValues } from '../lib/invoice-form.ts';

const text = invoicesMessages;

const ICONS: Record<WithdrawMethodType, ReactNode> = {
  [WithdrawMethodType.Wallet]: <Smartphone />,
  [WithdrawMethodType.Bank]: <Landmark />,
  [WithdrawMethodType.Instapay]: <AtSign />,
};

type TextField = 'phone' | 'accountNumber' | 'username';

export interface ReceiverFieldsProps {
  /** The enabled methods, with their limits. */
  methods: readonly WithdrawMethod[];
  method: DetailsFormValues['method'];
  onMethodChange: (method: WithdrawMethodType) => void;
  bank: DetailsFormValues['bank'];
  onBankChange: (bank: BankName) => void;
  /** Error codes per field (the form's messages). */
  errors: Partial<Record<keyof DetailsFormValues, string | undefined>>;
  register: (name: TextField) => UseFormRegisterReturn;
  disabled?: boolean;
}

/** Latin values (numbers, addresses) typed left to right inside the right-to-left form. */
const latin = 'text-end';

/**
 * Where the money goes: the method (wallet, bank, InstaPay — the enabled ones, each with its limits)
 * and that method's own fields: an Egyptian mobile number, a bank and account number, or a
 * `name@instapay` address. Native radios and inputs, so the keyboard and labels come from the browser.
 */
export function ReceiverFields({
  methods,
  method,
  onMethodChange,
  bank,
  onBankChange,
  errors,
  register,
  disabled = false,
}: ReceiverFieldsProps) {
  return (
    <>
      <RadioCards
        legend={text.form.method}
        name="method"
        columns={methods.length >= 3 ? 3 : 2}
        value={method === '' ? null : method}
        onValueChange={onMethodChange}
        error={errors.method}
        disabled={disabled}
        options={methods.map((option) => ({
          value: option.type,
          label: text.method[option.type],
          description: text.form.limits(formatMoney(option.min), formatMoney(option.max)),
          icon: ICONS[option.type],
        }))}
      />
      {method === WithdrawMethodType.Wallet ? (
        <FormField label={text.details.phone} hint={text.form.phoneHint} error={errors.phone}>
          <Input
            type="tel"
            dir="ltr"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder={text.form.phonePlaceholder}
            className={latin}
            disabled={disabled}
            {...register('phone')}
          />
        </FormField>
      ) : null}
      {method === WithdrawMethodType.Bank ? (
        <>
          <RadioCards
            legend={text.details.bank}
            name="bank"
            value={bank === '' ? null : bank}
            onValueChange={onBankChange}
            error={errors.bank}
            disabled={disabled}
            options={BANK_NAMES.map((name) => ({ value: name, label: text.bank[name] }))}
          />
          <FormField
            label={text.details.accountNumber}
            hint={text.form.accountHint}
            error={errors.accountNumber}
          >
            <Input
              dir="ltr"
              inputMode="text"
              autoComplete="off"
              spellCheck={false}
              className={cn(latin, 'tabular-nums')}
              disabled={disabled}
              {...register('accountNumber')}
            />
          </FormField>
        </>
      ) : null}
      {method === WithdrawMethodType.Instapay ? (
        <FormField label={text.details.username} hint={text.form.usernameHint} error={errors.username}>
          <Input
            dir="ltr"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder={text.details.usernamePlaceholder}
            className={latin}
            disabled={disabled}
            {...register('username')}
          />
        </FormField>
      ) : null}
    </>
  );
}
