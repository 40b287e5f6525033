import '../test/setup.ts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorMessages } from '../messages/error-messages.ts';
import { FormField, invalidValueMessage } from './form-field.tsx';
import { Input } from './input.tsx';

describe('FormField', () => {
  it('labels its control and shows no error by default', () => {
    render(
      <FormField label="البريد الإلكتروني" hint="لن نشارك بريدك مع أحد">
        <Input type="email" />
      </FormField>,
    );
    const input = screen.getByLabelText('البريد الإلكتروني');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).toHaveAccessibleDescription('لن نشارك بريدك مع أحد');
  });

  it('translates an error code and links it to the control', () => {
    render(
      <FormField label="البريد الإلكتروني" error="invalid-email">
        <Input type="email" />
      </FormField>,
    );
    const input = screen.getByLabelText('البريد الإلكتروني');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(errorMessages['invalid-email']);
    expect(screen.getByText(errorMessages['invalid-email'])).toBeInTheDocument();
  });

  it('never shows raw English for a message that is not a code', () => {
    render(
      <FormField label="الاسم" error="Invalid input: expected string">
        <Input />
      </FormField>,
    );
    expect(screen.getByText(invalidValueMessage)).toBeInTheDocument();
    expect(screen.queryByText(/Invalid input/)).not.toBeInTheDocument();
  });
});
