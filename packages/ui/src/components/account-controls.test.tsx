import '../test/setup.ts';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AvatarUpload, checkAvatarFile } from './avatar-upload.tsx';
import { CodeInput, normalizeCode } from './code-input.tsx';
import { FormField } from './form-field.tsx';
import { PasswordInput } from './password-input.tsx';
import { RadioCards } from './radio-cards.tsx';

function ControlledCode({ length, onComplete }: { length: number; onComplete?: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <FormField label="رمز التحقق">
      <CodeInput length={length} value={value} onChange={setValue} onComplete={onComplete} />
    </FormField>
  );
}

describe('CodeInput', () => {
  it('normalises Arabic-Indic and Persian digits and drops everything else', () => {
    expect(normalizeCode('١٢٣٤', 4)).toBe('1234');
    expect(normalizeCode('۱۲-۳ ۴۵', 5)).toBe('12345');
    expect(normalizeCode('12a345678', 5)).toBe('12345');
  });

  it('accepts Arabic-Indic digits typed into the field and completes at the last digit', async () => {
    const user = userEvent.setup();
    const onComplete = vi.fn();
    render(<ControlledCode length={4} onComplete={onComplete} />);
    const input = screen.getByLabelText('رمز التحقق');

    await user.type(input, '٤٠٢');
    expect(input).toHaveValue('402');
    expect(onComplete).not.toHaveBeenCalled();

    await user.type(input, '٩');
    expect(input).toHaveValue('4029');
    expect(onComplete).toHaveBeenCalledWith('4029');
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    expect(input).toHaveAttribute('inputmode', 'numeric');
  });

  it('takes a pasted code with spaces and keeps only the allowed length', async () => {
    const user = userEvent.setup();
    render(<ControlledCode length={5} />);
    const input = screen.getByLabelText('رمز التحقق');
    await user.click(input);
    await user.paste('١٢ ٣٤٥٦٧');
    expect(input).toHaveValue('12345');
  });
});

describe('PasswordInput', () => {
  it('shows and hides the password with a labelled button', async () => {
    const user = userEvent.setup();
    render(
      <FormField label="كلمة المرور">
        <PasswordInput />
      </FormField>,
    );
    const input = screen.getByLabelText('كلمة المرور');
    expect(input).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'إظهار كلمة المرور' }));
    expect(input).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'إخفاء كلمة المرور' }));
    expect(input).toHaveAttribute('type', 'password');
  });
});

describe('RadioCards', () => {
  it('is a labelled group of radios', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(
      <RadioCards
        legend="أرسل الإشعارات عبر"
        name="method"
        value="1"
        onValueChange={onValueChange}
        options={[
          { value: '1', label: 'واتساب' },
          { value: '2', label: 'تيليجرام' },
        ]}
      />,
    );
    expect(screen.getByRole('group', { name: 'أرسل الإشعارات عبر' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'واتساب' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'تيليجرام' }));
    expect(onValueChange).toHaveBeenCalledWith('2');
  });
});

describe('AvatarUpload', () => {
  const png = (name = 'me.png') => new File([new Uint8Array([1])], name, { type: 'image/png' });

  it('checks type and size before upload', async () => {
    const big = () => Promise.resolve({ width: 800, height: 600 });
    expect(await checkAvatarFile(new File(['x'], 'a.pdf', { type: 'application/pdf' }))).toBe(
      'avatar-invalid-type',
    );
    expect(
      await checkAvatarFile(png(), { readSize: () => Promise.resolve({ width: 479, height: 900 }) }),
    ).toBe('image-too-small');
    expect(await checkAvatarFile(png(), { readSize: () => Promise.reject(new Error('x')) })).toBe(
      'avatar-unreadable',
    );
    expect(await checkAvatarFile(png(), { readSize: big })).toBeNull();
  });

  it('refuses a small picture with the Arabic message and never calls onSelect', async () => {
    const onSelect = vi.fn();
    function Harness() {
      const [error, setError] = useState<string | null>(null);
      return (
        <AvatarUpload
          name="منى"
          progress={null}
          onSelect={onSelect}
          error={error}
          onError={setError}
          readSize={() => Promise.resolve({ width: 200, height: 200 })}
        />
      );
    }
    const { container } = render(<Harness />);
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    await userEvent.upload(input, png());
    expect(await screen.findByRole('alert')).toHaveTextContent('٤٨٠×٤٨٠');
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('shows progress with a cancel button while uploading', async () => {
    const onCancel = vi.fn();
    render(<AvatarUpload name="منى" progress={42} onSelect={() => undefined} onCancel={onCancel} />);
    const bar = screen.getByRole('progressbar', { name: 'جارٍ رفع الصورة' });
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    await userEvent.click(screen.getByRole('button', { name: 'إلغاء الرفع' }));
    expect(onCancel).toHaveBeenCalled();
  });

  it('hands a good picture to onSelect', async () => {
    const onSelect = vi.fn();
    const { container } = render(
      <AvatarUpload
        name="منى"
        progress={null}
        onSelect={onSelect}
        readSize={() => Promise.resolve({ width: 480, height: 480 })}
      />,
    );
    await userEvent.upload(container.querySelector('input[type=file]') as HTMLInputElement, png());
    await waitFor(() => expect(onSelect).toHaveBeenCalledTimes(1));
  });
});
