import { type TutorMeta, useUpdateUser } from '@hiwar/client';
import { BioSchema, BOUNDS, NoticeSchema, TutorAboutSchema, TutorMetaSchema } from '@hiwar/domain';
import {
  accountMessages,
  Button,
  FormField,
  Input,
  messages,
  Textarea,
  useErrorToast,
  useToast,
} from '@hiwar/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { applyFieldError } from '../lib/form-errors.ts';
import { toOptionalNumber } from '../lib/form-values.ts';
import { HintWithCount } from './character-count.tsx';

const text = accountMessages;

/** The tutor meta's texts with the rules for writing them (rules.md "Tutors"). */
const TutorProfileSchema = TutorMetaSchema.pick({ bio: true, about: true, notice: true }).extend({
  bio: BioSchema,
  about: TutorAboutSchema,
  notice: NoticeSchema,
});

export interface TutorProfileFormProps {
  userId: number;
  tutor: TutorMeta | null;
  /** Shows the booking-horizon field (settings); onboarding leaves it at its default. */
  withNotice?: boolean;
  submitLabel?: string;
  onSaved?: () => void;
  secondaryAction?: ReactNode;
}

/** Bio (25–60) and about (50–1000) with live counters, and the booking horizon in days. */
export function TutorProfileForm({
  userId,
  tutor,
  withNotice = true,
  submitLabel = messages.common.save,
  onSaved,
  secondaryAction,
}: TutorProfileFormProps) {
  const update = useUpdateUser();
  const showError = useErrorToast();
  const { toast } = useToast();
  const form = useForm({
    // Without the notice field its value stays the stored one, valid and never sent.
    resolver: zodResolver(TutorProfileSchema),
    defaultValues: {
      bio: tutor?.bio ?? '',
      about: tutor?.about ?? '',
      notice: tutor?.notice ?? BOUNDS.noticeDays.default,
    },
  });
  const { errors, dirtyFields } = form.formState;
  const bio = form.watch('bio') ?? '';
  const about = form.watch('about') ?? '';

  const onSubmit = form.handleSubmit(async (values) => {
    const body = {
      ...(dirtyFields.bio || !tutor?.bio ? { bio: values.bio } : {}),
      ...(dirtyFields.about || !tutor?.about ? { about: values.about } : {}),
      ...(dirtyFields.notice ? { notice: values.notice } : {}),
    };
    if (Object.keys(body).length === 0) {
      if (onSaved) {
        onSaved();
      } else {
        toast({ id: 'settings-no-changes', type: 'info', title: text.settings.noChanges });
      }
      return;
    }
    try {
      const answer = await update.mutateAsync({ id: userId, body });
      form.reset({
        bio: answer.tutor?.bio ?? values.bio,
        about: answer.tutor?.about ?? values.about,
        notice: answer.tutor?.notice ?? BOUNDS.noticeDays.default,
      });
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
      <FormField
        label={text.fields.bio}
        hint={
          <HintWithCount hint={text.fields.bioHint} value={bio} min={BOUNDS.bio.min} max={BOUNDS.bio.max} />
        }
        error={errors.bio?.message}
      >
        <Input
          placeholder={text.fields.bioPlaceholder}
          maxLength={BOUNDS.bio.max + 40}
          {...form.register('bio')}
        />
      </FormField>
      <FormField
        label={text.fields.about}
        hint={
          <HintWithCount
            hint={text.fields.aboutHint}
            value={about}
            min={BOUNDS.tutorAbout.min}
            max={BOUNDS.tutorAbout.max}
          />
        }
        error={errors.about?.message}
      >
        <Textarea rows={7} maxLength={BOUNDS.tutorAbout.max + 200} {...form.register('about')} />
      </FormField>
      {withNotice ? (
        <FormField label={text.fields.notice} hint={text.fields.noticeHint} error={errors.notice?.message}>
          <Input
            type="number"
            inputMode="numeric"
            min={BOUNDS.noticeDays.min}
            max={BOUNDS.noticeDays.max}
            dir="ltr"
            className="max-w-28 text-end"
            {...form.register('notice', { setValueAs: toOptionalNumber })}
          />
        </FormField>
      ) : null}
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
  'bio-empty': 'bio',
  'bio-short': 'bio',
  'bio-long': 'bio',
  'bio-invalid': 'bio',
  'tutor-about-short': 'about',
  'tutor-about-long': 'about',
  'notice-invalid': 'notice',
  'notice-max-exceeded': 'notice',
} as const;
