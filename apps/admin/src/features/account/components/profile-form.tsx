import { type CurrentUser, useUpdateUser } from '@hiwar/client';
import { PhoneSchema, RegisterRequestSchema, type UpdateUserRequest, UserNameSchema } from '@hiwar/domain';
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
  Input,
  useErrorToast,
  useToast,
} from '@hiwar/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { WithLatinRuns } from '../../../components/latin-runs.tsx';

const text = adminUsersMessages.settings;

/** Name and phone with the contract's own field rules; an empty phone means "leave as is". */
const ProfileFormSchema = RegisterRequestSchema.pick({ name: true }).extend({
  name: UserNameSchema,
  phone: PhoneSchema.optional(),
});

const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

function defaultsOf(user: CurrentUser) {
  return { name: user.name ?? '', phone: user.phone ?? undefined };
}

/** The signed-in staff member's name and phone; only changed fields are sent. */
export function ProfileForm({ user }: { user: CurrentUser }) {
  const formId = useId();
  const { toast } = useToast();
  const showError = useErrorToast();
  const update = useUpdateUser();
  const form = useForm({ resolver: zodResolver(ProfileFormSchema), defaultValues: defaultsOf(user) });
  const { errors, dirtyFields, isDirty } = form.formState;

  const submit = form.handleSubmit((values) => {
    const body: UpdateUserRequest = {
      ...(dirtyFields.name ? { name: values.name } : {}),
      ...(dirtyFields.phone && values.phone ? { phone: values.phone } : {}),
    };
    if (Object.keys(body).length === 0) {
      return;
    }
    update.mutate(
      { id: user.id, body },
      {
        onSuccess: (answer) => {
          form.reset(defaultsOf(answer.user));
          toast({ id: 'profile-saved', type: 'success', title: text.profileSaved });
        },
        onError: (error) => {
          const code = 'code' in error ? String(error.code) : '';
          if (code === 'invalid-phone') {
            form.setError('phone', { message: code }, { shouldFocus: true });
          } else if (code.startsWith('user-name')) {
            form.setError('name', { message: code }, { shouldFocus: true });
          } else {
            showError(error);
          }
        },
      },
    );
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-base">
          {text.profile}
        </CardTitle>
        <CardDescription>{text.profileDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        <form id={formId} noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
          <FormField label={text.name} error={errors.name?.message}>
            <Input autoComplete="name" {...form.register('name')} />
          </FormField>
          <FormField
            label={text.phone}
            hint={<WithLatinRuns text={text.phoneHint} />}
            error={errors.phone?.message}
            optional
          >
            <Input
              type="tel"
              dir="ltr"
              className="text-end"
              inputMode="tel"
              autoComplete="tel-national"
              {...form.register('phone', { setValueAs: emptyToUndefined })}
            />
          </FormField>
          <FormField label={text.email} hint={text.emailHint} className="sm:col-span-2">
            <Input type="email" dir="ltr" className="text-end" value={user.email} readOnly disabled />
          </FormField>
        </form>
      </CardContent>
      <CardFooter>
        <Button type="submit" form={formId} loading={update.isPending} disabled={!isDirty}>
          {text.saveProfile}
        </Button>
      </CardFooter>
    </Card>
  );
}
