import { type CurrentUser, useUpdateUser } from '@hiwar/client';
import {
  BirthYearSchema,
  PhoneSchema,
  type UpdateUserRequest,
  UpdateUserRequestSchema,
  UserNameSchema,
  UserSchema,
} from '@hiwar/domain';
import { accountMessages, Button, FormField, Input, messages, useErrorToast, useToast } from '@hiwar/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useMemo } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { applyFieldError } from '../lib/form-errors.ts';
import { emptyToUndefined } from '../lib/form-values.ts';
import { BirthYearSelect, GenderSelect, GovernorateSelect, PhoneInput } from './fields.tsx';

const text = accountMessages;
const shape = UpdateUserRequestSchema.shape;

/** The user's own profile fields, each with its rule, all required until a form makes some optional. */
const ProfileDetailsSchema = UserSchema.pick({
  name: true,
  city: true,
  phone: true,
  gender: true,
  birthYear: true,
}).extend({
  name: UserNameSchema,
  city: shape.city.unwrap(),
  phone: PhoneSchema,
  gender: shape.gender.unwrap(),
  birthYear: BirthYearSchema,
});

export type DetailField = 'name' | 'city' | 'phone' | 'gender' | 'birthYear';
type DetailValues = Partial<Pick<UpdateUserRequest, DetailField>>;

function maskOf(fields: readonly DetailField[]): Partial<Record<DetailField, true>> {
  return Object.fromEntries(fields.map((field) => [field, true]));
}

function defaultsOf(user: CurrentUser, fields: readonly DetailField[]): DetailValues {
  const values: DetailValues = {};
  for (const field of fields) {
    const value = user[field];
    if (value !== null && value !== undefined) {
      Object.assign(values, { [field]: value });
    }
  }
  return values;
}

export interface ProfileDetailsFormProps {
  user: CurrentUser;
  /** Fields shown, in order. */
  fields: readonly DetailField[];
  /** Fields that may stay empty; the others are required. */
  optional?: readonly DetailField[];
  submitLabel?: string;
  /** Runs after a successful save (navigate on, show a toast…). Without it a "saved" toast shows. */
  onSaved?: () => void;
  /** Extra actions next to the submit button (e.g. "later"). */
  secondaryAction?: ReactNode;
}

/**
 * Name, governorate, phone, gender and birth year, as a form chooses them. Only changed fields are sent
 * (`PUT /api/v1/user/{id}`): a phone sent unchanged would still be a change request.
 */
export function ProfileDetailsForm({
  user,
  fields,
  optional = [],
  submitLabel = messages.common.save,
  onSaved,
  secondaryAction,
}: ProfileDetailsFormProps) {
  const update = useUpdateUser();
  const showError = useErrorToast();
  const { toast } = useToast();
  const fieldsKey = fields.join(',');
  const optionalKey = optional.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the keys stand for the arrays.
  const schema = useMemo(
    () => ProfileDetailsSchema.pick(maskOf(fields)).partial(maskOf(optional)),
    [fieldsKey, optionalKey],
  );
  const form = useForm<DetailValues>({
    resolver: zodResolver(schema) as unknown as Resolver<DetailValues>,
    defaultValues: defaultsOf(user, fields),
  });
  const { errors, dirtyFields } = form.formState;
  const shows = (field: DetailField) => fields.includes(field);
  const isOptional = (field: DetailField) => optional.includes(field);

  const onSubmit = form.handleSubmit(async (values) => {
    const body: DetailValues = {};
    for (const field of fields) {
      if (dirtyFields[field] && values[field] !== undefined) {
        Object.assign(body, { [field]: values[field] });
      }
    }
    if (Object.keys(body).length === 0) {
      if (onSaved) {
        onSaved();
      } else {
        toast({ id: 'settings-no-changes', type: 'info', title: text.settings.noChanges });
      }
      return;
    }
    try {
      const answer = await update.mutateAsync({ id: user.id, body });
      form.reset(defaultsOf(answer.user, fields));
      if (onSaved) {
        onSaved();
      } else {
        toast({ id: 'settings-saved', type: 'success', title: text.settings.saved });
      }
    } catch (error) {
      if (!applyFieldError(error, form.setError, FIELD_ERRORS)) {
        showError(error);
      }
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        {shows('name') ? (
          <FormField
            label={text.fields.name}
            hint={text.fields.nameHint}
            optional={isOptional('name')}
            error={errors.name?.message}
            className="sm:col-span-2"
          >
            <Input
              autoComplete="name"
              placeholder={text.fields.namePlaceholder}
              {...form.register('name', { setValueAs: emptyToUndefined })}
            />
          </FormField>
        ) : null}
        {shows('city') ? (
          <Controller
            control={form.control}
            name="city"
            render={({ field }) => (
              <FormField label={text.fields.city} optional={isOptional('city')} error={errors.city?.message}>
                <GovernorateSelect ref={field.ref} value={field.value} onValueChange={field.onChange} />
              </FormField>
            )}
          />
        ) : null}
        {shows('phone') ? (
          <FormField
            label={text.fields.phone}
            hint={text.fields.phoneHint}
            optional={isOptional('phone')}
            error={errors.phone?.message}
          >
            <PhoneInput {...form.register('phone', { setValueAs: emptyToUndefined })} />
          </FormField>
        ) : null}
        {shows('gender') ? (
          <Controller
            control={form.control}
            name="gender"
            render={({ field }) => (
              <FormField
                label={text.fields.gender}
                optional={isOptional('gender')}
                error={errors.gender?.message}
              >
                <GenderSelect ref={field.ref} value={field.value} onValueChange={field.onChange} />
              </FormField>
            )}
          />
        ) : null}
        {shows('birthYear') ? (
          <Controller
            control={form.control}
            name="birthYear"
            render={({ field }) => (
              <FormField
                label={text.fields.birthYear}
                optional={isOptional('birthYear')}
                error={errors.birthYear?.message}
              >
                <BirthYearSelect ref={field.ref} value={field.value} onValueChange={field.onChange} />
              </FormField>
            )}
          />
        ) : null}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
        {secondaryAction}
        <Button type="submit" loading={update.isPending} className="max-sm:w-full">
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

const FIELD_ERRORS = {
  'user-name-short': 'name',
  'user-name-long': 'name',
  'user-name-invalid': 'name',
  'invalid-phone': 'phone',
  'old-user': 'birthYear',
  'young-user': 'birthYear',
} as const;
