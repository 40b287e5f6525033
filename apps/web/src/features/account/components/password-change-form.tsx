import { type CurrentUser, useUpdateUser } from '@hiwar/client';
import { PasswordChangeSchema, PasswordConfirmationSchema } from '@hiwar/domain';
import { accountMessages, Button, FormField, PasswordInput, useErrorToast, useToast } from '@hiwar/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { applyFieldError } from '../lib/form-errors.ts';

const text = accountMessages;

/** Current password (when the account has one), the new one and its confirmation. */
const PasswordChangeFormSchema = PasswordConfirmationSchema.safeExtend({
  current: PasswordChangeSchema.shape.current,
});

/**
 * Changes the password. Every earlier token stops working on the server; the answer's new token keeps
 * this session going (the session takes it, keeping remember-me). Google-only accounts set a first
 * password without a current one.
 */
export function PasswordChangeForm({ user }: { user: CurrentUser }) {
  const update = useUpdateUser();
  const showError = useErrorToast();
  const { toast } = useToast();
  const form = useForm({
    resolver: zodResolver(PasswordChangeFormSchema),
    defaultValues: { current: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ current, password }) => {
    if (user.hasPassword && !current) {
      form.setError('current', { type: 'required', message: 'required' }, { shouldFocus: true });
      return;
    }
    try {
      await update.mutateAsync({
        id: user.id,
        body: { password: { new: password, ...(user.hasPassword ? { current } : {}) } },
      });
      form.reset();
      toast({ id: 'password-changed', type: 'success', title: text.settings.password.saved });
    } catch (error) {
      if (!applyFieldError(error, form.setError, FIELD_ERRORS)) {
        showError(error);
      }
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex max-w-md flex-col gap-4">
      {user.hasPassword ? (
        <FormField label={text.fields.currentPassword} error={errors.current?.message}>
          <PasswordInput autoComplete="current-password" {...form.register('current')} />
        </FormField>
      ) : null}
      <FormField
        label={text.fields.newPassword}
        hint={text.fields.passwordHint}
        error={errors.password?.message}
      >
        <PasswordInput autoComplete="new-password" {...form.register('password')} />
      </FormField>
      <FormField label={text.fields.confirmPassword} error={errors.confirmPassword?.message}>
        <PasswordInput autoComplete="new-password" {...form.register('confirmPassword')} />
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" loading={update.isPending} className="max-sm:w-full">
          {user.hasPassword ? text.settings.password.submit : text.settings.password.setSubmit}
        </Button>
      </div>
    </form>
  );
}

const FIELD_ERRORS = {
  'wrong-password': 'current',
  'short-password': 'password',
  'long-password': 'password',
  'invalid-password': 'password',
} as const;
