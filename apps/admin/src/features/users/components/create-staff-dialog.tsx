import { isApiError, useRegister, userKeys } from '@hiwar/client';
import { RegisterRequestSchema, Role, STAFF_ROLES, UserNameSchema } from '@hiwar/domain';
import {
  adminUsersMessages,
  Button,
  Dialog,
  DialogContent,
  DialogTrigger,
  FormField,
  Input,
  messages,
  PasswordInput,
  Select,
  useErrorToast,
  useToast,
} from '@hiwar/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { displayName, roleLabel } from '../../../lib/labels.ts';

const text = adminUsersMessages.createStaff;

/** The register contract with the name required: a staff account always says whose it is. */
const CreateStaffSchema = RegisterRequestSchema.extend({ name: UserNameSchema });

const roleOptions = STAFF_ROLES.map((role) => ({ value: String(role), label: roleLabel(role) }));

const emptyForm = { name: '', email: '', password: '', role: Role.RegularAdmin };

/**
 * SuperAdmin only: creates a staff account through the register endpoint (the server accepts staff
 * roles only from a SuperAdmin). A taken e-mail is shown on the e-mail field.
 */
export function CreateStaffDialog() {
  const [open, setOpen] = useState(false);
  const formId = useId();
  const { toast } = useToast();
  const showError = useErrorToast();
  const queryClient = useQueryClient();
  // A signed-in SuperAdmin gets no token back, so the session stays theirs.
  const create = useRegister();
  const form = useForm({ resolver: zodResolver(CreateStaffSchema), defaultValues: emptyForm });
  const { errors } = form.formState;

  const close = () => {
    setOpen(false);
    form.reset(emptyForm);
    create.reset();
  };
  const onOpenChange = (next: boolean) => {
    if (next) {
      setOpen(true);
    } else if (!create.isPending) {
      close();
    }
  };

  const submit = form.handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (answer) => {
        void queryClient.invalidateQueries({ queryKey: userKeys.lists });
        toast({ type: 'success', title: text.created(displayName(answer.user)) });
        close();
      },
      onError: (error) => {
        if (isApiError(error) && (error.code === 'user-exists' || error.code === 'invalid-email')) {
          form.setError('email', { message: error.code }, { shouldFocus: true });
          return;
        }
        showError(error);
      },
    }),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button>
          <UserPlus aria-hidden="true" />
          {adminUsersMessages.users.newStaff}
        </Button>
      </DialogTrigger>
      <DialogContent
        title={text.title}
        description={text.description}
        footer={
          <>
            <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={create.isPending}>
              {messages.common.cancel}
            </Button>
            <Button type="submit" form={formId} loading={create.isPending}>
              {text.submit}
            </Button>
          </>
        }
      >
        <form id={formId} noValidate onSubmit={submit} className="flex flex-col gap-4">
          <FormField label={text.name} error={errors.name?.message}>
            <Input autoComplete="off" {...form.register('name')} />
          </FormField>
          <FormField label={text.email} error={errors.email?.message}>
            <Input
              type="email"
              dir="ltr"
              className="text-end"
              autoComplete="off"
              spellCheck={false}
              {...form.register('email')}
            />
          </FormField>
          <FormField label={text.password} hint={text.passwordHint} error={errors.password?.message}>
            <PasswordInput autoComplete="new-password" {...form.register('password')} />
          </FormField>
          <Controller
            control={form.control}
            name="role"
            render={({ field, fieldState }) => (
              <FormField label={text.role} error={fieldState.error?.message}>
                <Select
                  ref={field.ref}
                  options={roleOptions}
                  value={String(field.value)}
                  onValueChange={(value) => field.onChange(Number(value))}
                  onBlur={field.onBlur}
                />
              </FormField>
            )}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
