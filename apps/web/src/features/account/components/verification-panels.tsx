import { type CurrentUser, useSendPhoneCode, useSendVerifyEmail, useVerifyPhoneCode } from '@hiwar/client';
import {
  BOUNDS,
  type ErrorCode,
  MessagingApp,
  PhoneSchema,
  SendPhoneCodeRequestSchema,
  VerifyPhoneCodeRequestSchema,
} from '@hiwar/domain';
import {
  Alert,
  accountMessages,
  Button,
  CodeInput,
  errorMessage,
  FormField,
  messages,
  RadioCards,
  useErrorToast,
  useToast,
} from '@hiwar/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { BadgeCheck, CircleAlert, MessageCircle, Send } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useAppConfig } from '../../../lib/app-config.tsx';
import { resendInstant } from '../hooks/use-countdown.ts';
import type { VerifyEmailLocationState } from '../lib/code-flow-state.ts';
import { applyFieldError, errorCodeOf } from '../lib/form-errors.ts';
import { emptyToUndefined } from '../lib/form-values.ts';
import { messagingAppOptions } from '../lib/options.ts';
import { PhoneInput } from './fields.tsx';
import { ResendCode } from './resend-code.tsx';
import { SettingsSection, StatusBadge } from './settings-section.tsx';

const text = accountMessages.settings.verification;
const profileText = accountMessages.profile;
const ICONS = { [MessagingApp.Whatsapp]: <MessageCircle />, [MessagingApp.Telegram]: <Send /> } as const;

export function VerifiedBadge({ verified }: { verified: boolean }) {
  return verified ? (
    <StatusBadge tone="success">
      <BadgeCheck aria-hidden="true" />
      {profileText.verified}
    </StatusBadge>
  ) : (
    <StatusBadge tone="warning">
      <CircleAlert aria-hidden="true" />
      {profileText.unverified}
    </StatusBadge>
  );
}

/** E-mail status; "verify" sends the code and opens `/verify-email` to type it. */
export function EmailVerificationPanel({ user }: { user: CurrentUser }) {
  const { webUrl } = useAppConfig();
  const navigate = useNavigate();
  const send = useSendVerifyEmail();
  const showError = useErrorToast();

  const start = () => {
    send.mutate(
      { callbackUrl: `${webUrl}/verify-email` },
      {
        onSuccess: (answer) => {
          const state: VerifyEmailLocationState = { resendAt: answer.resendAt, sendFailed: null };
          void navigate('/verify-email', { state });
        },
        onError: (error) => {
          // A code went out less than a minute ago: it is still good, go and type it.
          if (errorCodeOf(error) === 'too-many-requests') {
            const state: VerifyEmailLocationState = {
              resendAt: new Date(resendInstant(undefined)).toISOString(),
              sendFailed: null,
            };
            void navigate('/verify-email', { state });
            return;
          }
          showError(error);
        },
      },
    );
  };

  return (
    <SettingsSection
      title={text.emailTitle}
      description={user.verifiedEmail ? text.emailVerifiedText : text.emailUnverifiedText}
      aside={<VerifiedBadge verified={user.verifiedEmail} />}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <span dir="ltr" className="font-medium text-foreground">
          {user.email}
        </span>
        {user.verifiedEmail ? null : (
          <Button onClick={start} loading={send.isPending} className="max-sm:w-full">
            {text.verifyEmail}
          </Button>
        )}
      </div>
    </SettingsSection>
  );
}

/** Phone and app to send the code through (the phone required here, unlike the API's optional one). */
const SendPhoneCodeFormSchema = SendPhoneCodeRequestSchema.extend({ phone: PhoneSchema });

type PhoneStep =
  | { step: 'view' }
  | { step: 'send' }
  | { step: 'code'; phone: string; method: MessagingApp; resendAt: number };

/**
 * Phone verification: number and WhatsApp or Telegram → a 5-digit code → verified (which also makes
 * that app the notification method, server side).
 */
export function PhoneVerificationPanel({ user }: { user: CurrentUser }) {
  const [state, setState] = useState<PhoneStep>(() =>
    user.phone && user.verifiedPhone ? { step: 'view' } : { step: 'send' },
  );
  const verified = Boolean(user.phone && user.verifiedPhone);

  return (
    <SettingsSection
      title={text.phoneTitle}
      description={verified && user.phone ? text.phoneVerifiedText(user.phone) : text.phoneUnverifiedText}
      aside={<VerifiedBadge verified={verified} />}
    >
      {state.step === 'view' ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <span dir="ltr" className="font-medium text-foreground">
            {user.phone}
          </span>
          <Button variant="secondary" onClick={() => setState({ step: 'send' })} className="max-sm:w-full">
            {text.changePhone}
          </Button>
        </div>
      ) : state.step === 'send' ? (
        <SendPhoneCodeForm
          user={user}
          onCancel={verified ? () => setState({ step: 'view' }) : undefined}
          onSent={(phone, method, resendAt) => setState({ step: 'code', phone, method, resendAt })}
        />
      ) : (
        <VerifyPhoneCodeForm
          phone={state.phone}
          method={state.method}
          resendAt={state.resendAt}
          onResent={(resendAt) => setState({ ...state, resendAt })}
          onChangeNumber={() => setState({ step: 'send' })}
          onVerified={() => setState({ step: 'view' })}
        />
      )}
    </SettingsSection>
  );
}

/**
 * Telegram bots cannot write to a number, only to a chat the user opened: the bot's link, where the
 * user shares their number once (then codes and reminders reach them there).
 */
function TelegramBotHint() {
  const { telegramBotUrl } = useAppConfig();
  return (
    <Alert tone="info">
      <span className="flex flex-col gap-2">
        <span>{text.telegramHint}</span>
        {telegramBotUrl ? (
          <a
            href={telegramBotUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 font-semibold underline underline-offset-4"
          >
            <Send aria-hidden className="size-4" />
            {text.openTelegramBot}
          </a>
        ) : null}
      </span>
    </Alert>
  );
}

function SendPhoneCodeForm({
  user,
  onSent,
  onCancel,
}: {
  user: CurrentUser;
  onSent: (phone: string, method: MessagingApp, resendAt: number) => void;
  onCancel: (() => void) | undefined;
}) {
  const send = useSendPhoneCode();
  const showError = useErrorToast();
  const [alert, setAlert] = useState<ErrorCode | null>(null);
  const form = useForm({
    resolver: zodResolver(SendPhoneCodeFormSchema),
    defaultValues: {
      phone: user.phone ?? '',
      method: user.notificationMethod ?? MessagingApp.Whatsapp,
    },
  });
  const { errors } = form.formState;
  const method = form.watch('method');

  const onSubmit = form.handleSubmit(async (values) => {
    setAlert(null);
    try {
      const answer = await send.mutateAsync(values);
      onSent(values.phone, values.method, resendInstant(answer.resendAt));
    } catch (error) {
      const code = errorCodeOf(error);
      if (code === 'unresolved-phone' || code === 'too-many-requests' || code === 'phone-already-verified') {
        setAlert(code);
        return;
      }
      if (!applyFieldError(error, form.setError, { 'invalid-phone': 'phone' })) {
        showError(error);
      }
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <FormField
        label={accountMessages.fields.phone}
        hint={accountMessages.fields.phoneHint}
        error={errors.phone?.message}
      >
        <PhoneInput className="sm:max-w-xs" {...form.register('phone', { setValueAs: emptyToUndefined })} />
      </FormField>
      <Controller
        control={form.control}
        name="method"
        render={({ field }) => (
          <RadioCards
            legend={text.method}
            name={field.name}
            value={String(field.value) as `${MessagingApp}`}
            onValueChange={(value) => field.onChange(Number(value))}
            error={errors.method?.message}
            options={messagingAppOptions.map((option) => ({
              ...option,
              icon: ICONS[Number(option.value) as MessagingApp],
            }))}
          />
        )}
      />
      {method === MessagingApp.Telegram ? <TelegramBotHint /> : null}
      {alert ? <Alert tone="danger">{errorMessage(alert)}</Alert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            {messages.common.cancel}
          </Button>
        ) : null}
        <Button type="submit" loading={send.isPending}>
          {text.sendCode}
        </Button>
      </div>
    </form>
  );
}

function VerifyPhoneCodeForm({
  phone,
  method,
  resendAt,
  onResent,
  onChangeNumber,
  onVerified,
}: {
  phone: string;
  method: MessagingApp;
  resendAt: number;
  onResent: (resendAt: number) => void;
  onChangeNumber: () => void;
  onVerified: () => void;
}) {
  const verify = useVerifyPhoneCode();
  const send = useSendPhoneCode();
  const showError = useErrorToast();
  const { toast } = useToast();
  const [alert, setAlert] = useState<ErrorCode | null>(null);
  const form = useForm({ resolver: zodResolver(VerifyPhoneCodeRequestSchema), defaultValues: { code: '' } });

  const onSubmit = form.handleSubmit(async ({ code }) => {
    setAlert(null);
    try {
      await verify.mutateAsync({ code });
      toast({ id: 'phone-verified', type: 'success', title: text.verified });
      onVerified();
    } catch (error) {
      if (errorCodeOf(error) === 'incorrect-phone') {
        setAlert('incorrect-phone');
        return;
      }
      if (!applyFieldError(error, form.setError, CODE_ERRORS)) {
        showError(error);
      }
    }
  });

  const resend = () => {
    setAlert(null);
    send.mutate(
      { phone, method },
      {
        onSuccess: (answer) => {
          onResent(resendInstant(answer.resendAt));
          form.resetField('code');
        },
        onError: (error) => setAlert(errorCodeOf(error) ?? 'unexpected'),
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <Alert tone="success">{text.codeSent(phone, accountMessages.messagingApps[method])}</Alert>
      <Controller
        control={form.control}
        name="code"
        render={({ field, fieldState }) => (
          <FormField label={text.codeLabel} error={fieldState.error?.message}>
            <CodeInput
              ref={field.ref}
              name={field.name}
              length={BOUNDS.verificationCode.resetDigits}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              onComplete={() => void onSubmit()}
              autoFocus
            />
          </FormField>
        )}
      />
      {alert ? <Alert tone="danger">{errorMessage(alert)}</Alert> : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
          <ResendCode resendAt={resendAt} onResend={resend} pending={send.isPending} />
          <Button variant="link" onClick={onChangeNumber} className="text-sm text-muted-foreground">
            {text.changePhone}
          </Button>
        </div>
        <Button type="submit" loading={verify.isPending} className="max-sm:w-full">
          {text.verify}
        </Button>
      </div>
    </form>
  );
}

const CODE_ERRORS = {
  'invalid-verification-code': 'code',
  'expired-verification-code': 'code',
  'too-many-requests': 'code',
} as const;
