import { useForgetPassword } from '@hiwar/client';
import { ForgetPasswordRequestSchema } from '@hiwar/domain';
import { accountMessages, Button, FormField, useErrorToast } from '@hiwar/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '../../features/account/components/auth-layout.tsx';
import { EmailInput } from '../../features/account/components/fields.tsx';
import type { ResetPasswordLocationState } from '../../features/account/lib/code-flow-state.ts';
import { applyFieldError } from '../../features/account/lib/form-errors.ts';

const text = accountMessages.forgetPassword;

/** `/forget-password`: the e-mail to send a 5-digit reset code to; then `/reset-password`. */
export function ForgetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const forget = useForgetPassword();
  const showError = useErrorToast();
  const form = useForm({
    resolver: zodResolver(ForgetPasswordRequestSchema),
    defaultValues: { email: params.get('email') ?? '' },
  });

  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      const answer = await forget.mutateAsync({ email });
      const state: ResetPasswordLocationState = { resendAt: answer.resendAt };
      void navigate(`/reset-password?email=${encodeURIComponent(email)}`, { state });
    } catch (error) {
      if (
        !applyFieldError(error, form.setError, { 'invalid-email': 'email', 'too-many-requests': 'email' })
      ) {
        showError(error);
      }
    }
  });

  return (
    <AuthLayout
      title={text.title}
      description={text.subtitle}
      icon={<KeyRound />}
      footer={
        <Link to="/login" className="font-semibold text-brand hover:underline">
          {text.backToLogin}
        </Link>
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <FormField label={accountMessages.fields.email} error={form.formState.errors.email?.message}>
          <EmailInput autoFocus {...form.register('email')} />
        </FormField>
        <Button type="submit" size="lg" loading={forget.isPending} className="w-full">
          {text.submit}
        </Button>
      </form>
    </AuthLayout>
  );
}
