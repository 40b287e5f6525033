import {
  AUTH_TOKEN_STORAGE_KEY,
  type CurrentUser,
  isApiError,
  readItem,
  useSession,
  useUpdateUser,
} from '@hiwar/client';
import { PasswordChangeSchema, PasswordConfirmationSchema, PasswordLoginRequestSchema } from '@hiwar/domain';
import {
  adminUsersMessages,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  FormField,
  PasswordInput,
  useErrorToast,
  useToast,
} from '@hiwar/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';

const text = adminUsersMessages.settings;

/** New password twice (must match) plus the current one; accounts without a password skip it. */
const WithCurrentSchema = PasswordConfirmationSchema.safeExtend({
  current: PasswordLoginRequestSchema.shape.password,
});
const WithoutCurrentSchema = PasswordConfirmationSchema.safeExtend({
  current: PasswordChangeSchema.shape.current,
});

const empty = { current: '', password: '', confirmPassword: '' };

/**
 * Password change. The server ends every earlier session and answers a new token, which replaces this
 * tab's one (remembered on this device only if the session was). A wrong current password is shown on
 * its field.
 */
export function PasswordForm({ user }: { user: CurrentUser }) {
  const formId = useId();
  const { setSession } = useSession();
  const { toast } = useToast();
  const showError = useErrorToast();
  const update = useUpdateUser();
  const form = useForm({
    resolver: zodResolver(user.hasPassword ? WithCurrentSchema : WithoutCurrentSchema),
    defaultValues: empty,
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) => {
    const persist = readItem(AUTH_TOKEN_STORAGE_KEY) !== null;
    update.mutate(
      {
        id: user.id,
        body: { password: { new: values.password, ...(values.current ? { current: values.current } : {}) } },
      },
      {
        onSuccess: (answer) => {
          if (answer.token) {
            setSession(answer.token, answer, { persist });
          }
          form.reset(empty);
          toast({ id: 'password-saved', type: 'success', title: text.passwordSaved });
        },
        onError: (error) => {
          if (isApiError(error) && error.code === 'wrong-password') {
            form.setError('current', { message: error.code }, { shouldFocus: true });
            return;
          }
          if (isApiError(error) && error.code.endsWith('-password')) {
            form.setError('password', { message: error.code }, { shouldFocus: true });
            return;
          }
          showError(error);
        },
      },
    );
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-base">
          {text.password}
        </CardTitle>
        <CardDescription>{text.passwordDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        <form id={formId} noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
          {user.hasPassword ? (
            <FormField label={text.currentPassword} error={errors.current?.message} className="sm:col-span-2">
              <PasswordInput autoComplete="current-password" {...form.register('current')} />
            </FormField>
          ) : null}
          <FormField label={text.newPassword} hint={text.newPasswordHint} error={errors.password?.message}>
            <PasswordInput autoComplete="new-password" {...form.register('password')} />
          </FormField>
          <FormField label={text.confirmPassword} error={errors.confirmPassword?.message}>
            <PasswordInput autoComplete="new-password" {...form.register('confirmPassword')} />
          </FormField>
        </form>
      </CardContent>
      <CardFooter>
        <Button type="submit" form={formId} loading={update.isPending}>
          {text.savePassword}
        </Button>
      </CardFooter>
    </Card>
  );
}
