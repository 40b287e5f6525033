import { BOUNDS, EMAIL_PATTERN, type ErrorCode, PHONE_PATTERN } from '@hiwar/domain';
import {
  Button,
  cn,
  errorMessages,
  fieldControlClassName,
  genericErrorMessage,
  messages,
  PageContainer,
  siteMessages,
} from '@hiwar/ui';
import { CircleCheck, LifeBuoy } from 'lucide-react';
import type { ReactElement } from 'react';
import { IslandProps } from '../components/island-props.tsx';
import { PageHero } from '../components/page-hero.tsx';

const text = siteMessages.contact;

/** The catalogue codes `POST /api/v1/contact-request/` answers with, worded for the form. */
export const CONTACT_ERROR_CODES = [
  'required',
  'invalid-email',
  'invalid-phone',
  'contact-request-name-short',
  'contact-request-name-long',
  'contact-request-title-short',
  'contact-request-title-long',
  'contact-request-message-short',
  'contact-request-message-long',
  'text-invalid-html',
  'too-many-requests',
  'bad-request',
  'unexpected',
  'service-unavailable',
] as const satisfies readonly ErrorCode[];

/** What src/islands/contact.ts needs: the rules of the request schema, and every message it may show. */
export interface ContactIslandProps {
  bounds: {
    name: { min: number; max: number };
    title: { min: number; max: number };
    message: { min: number; max: number };
  };
  /** `[source, flags]` of the domain's patterns. */
  patterns: { email: [string, string]; phone: [string, string] };
  errors: Record<(typeof CONTACT_ERROR_CODES)[number], string>;
  replyMissing: string;
  fixErrors: string;
  generic: string;
  network: string;
}

export const contactIslandProps: ContactIslandProps = {
  bounds: {
    name: BOUNDS.contactRequestName,
    title: BOUNDS.contactRequestTitle,
    message: BOUNDS.contactRequestMessage,
  },
  patterns: {
    email: [EMAIL_PATTERN.source, EMAIL_PATTERN.flags],
    phone: [PHONE_PATTERN.source, PHONE_PATTERN.flags],
  },
  errors: Object.fromEntries(
    CONTACT_ERROR_CODES.map((code) => [code, errorMessages[code]]),
  ) as ContactIslandProps['errors'],
  replyMissing: text.replyMissing,
  fixErrors: text.fixErrors,
  generic: genericErrorMessage,
  network: messages.common.networkError,
};

/**
 * A label, its control and the place its error appears (filled by the island, which also points the
 * control's `aria-describedby` at it).
 */
function Field({
  name,
  label,
  hint,
  optional = false,
  children,
}: {
  name: string;
  label: string;
  hint?: string;
  optional?: boolean;
  children: ReactElement;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={`contact-${name}`} className="text-sm font-semibold text-foreground">
        {label}
        {optional ? (
          <span className="ms-1 font-normal text-muted-foreground">({messages.common.optional})</span>
        ) : null}
      </label>
      {children}
      {hint ? (
        <p id={`contact-${name}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <p
        id={`contact-${name}-error`}
        data-error-for={name}
        hidden
        className="text-sm font-medium text-danger"
      />
    </div>
  );
}

const control = (extra?: string) => cn(fieldControlClassName, extra);

/**
 * `/contact`: the contact form (src/islands/contact.ts checks it as the API would, sends it to
 * `POST /api/v1/contact-request/` and words every answer in Arabic), beside pointers to the FAQ and
 * to in-app reports.
 */
export function ContactPage() {
  const { title, message } = contactIslandProps.bounds;
  return (
    <>
      <PageHero eyebrow={text.eyebrow} title={text.title} subtitle={text.subtitle} />
      <section aria-labelledby="contact-form-title" className="pb-16 sm:pb-20">
        <PageContainer className="grid max-w-5xl items-start gap-8 lg:grid-cols-[1fr_20rem]">
          <div className="rounded-3xl border border-border bg-surface p-6 shadow-card sm:p-8">
            <h2 id="contact-form-title" className="text-2xl font-bold text-foreground">
              {text.formTitle}
            </h2>
            <form
              data-island="contact"
              noValidate
              aria-labelledby="contact-form-title"
              className="mt-6 flex flex-col gap-5"
            >
              <Field name="name" label={text.nameLabel}>
                <input id="contact-name" name="name" autoComplete="name" className={control('h-11')} />
              </Field>
              <fieldset aria-describedby="contact-reply-hint" className="flex flex-col gap-4">
                <legend className="sr-only">{text.replyHint}</legend>
                <p id="contact-reply-hint" className="text-sm text-muted-foreground">
                  {text.replyHint}
                </p>
                <div className="grid gap-4 sm:grid-cols-2">
                  <Field name="email" label={text.email} optional>
                    <input
                      id="contact-email"
                      name="email"
                      type="email"
                      dir="ltr"
                      autoComplete="email"
                      inputMode="email"
                      className={control('h-11 text-start')}
                    />
                  </Field>
                  <Field name="phone" label={text.phone} optional>
                    <input
                      id="contact-phone"
                      name="phone"
                      type="tel"
                      dir="ltr"
                      autoComplete="tel-national"
                      inputMode="tel"
                      placeholder="01012345678"
                      className={control('h-11 text-start')}
                    />
                  </Field>
                </div>
                <p
                  data-error-for="reply"
                  id="contact-reply-error"
                  hidden
                  className="text-sm font-medium text-danger"
                />
              </fieldset>
              <Field name="title" label={text.titleLabel} hint={text.titleHint(title.min, title.max)}>
                <input
                  id="contact-title"
                  name="title"
                  aria-describedby="contact-title-hint"
                  maxLength={title.max}
                  className={control('h-11')}
                />
              </Field>
              <Field
                name="message"
                label={text.messageLabel}
                hint={text.messageHint(message.min, message.max)}
              >
                <textarea
                  id="contact-message"
                  name="message"
                  rows={6}
                  aria-describedby="contact-message-hint"
                  maxLength={message.max}
                  className={control('min-h-32 py-2.5 leading-relaxed')}
                />
              </Field>
              <p
                data-form-error=""
                role="alert"
                hidden
                className="rounded-xl bg-danger-soft p-3 text-sm font-medium text-danger"
              />
              <Button type="submit" size="lg" className="self-start" data-sending-label={text.sending}>
                {text.submit}
              </Button>
            </form>
            <div
              data-contact-sent=""
              hidden
              tabIndex={-1}
              className="mt-6 flex flex-col items-start gap-3 focus:outline-none"
            >
              <CircleCheck aria-hidden="true" className="size-10 text-success" />
              <h3 className="text-xl font-bold text-foreground">{text.sentTitle}</h3>
              <p className="text-muted-foreground">{text.sentText}</p>
              <Button type="button" variant="secondary" data-contact-again="">
                {text.sendAnother}
              </Button>
            </div>
            <IslandProps name="contact" value={contactIslandProps} />
          </div>
          <aside
            aria-labelledby="contact-aside"
            className="flex flex-col gap-4 rounded-3xl border border-border bg-background p-6"
          >
            <LifeBuoy aria-hidden="true" className="size-8 text-brand" />
            <h2 id="contact-aside" className="text-lg font-bold text-foreground">
              {text.asideTitle}
            </h2>
            <p className="leading-relaxed text-muted-foreground">{text.asideText}</p>
            <a href="/faq" className="font-semibold text-brand underline-offset-4 hover:underline">
              {text.asideLink}
            </a>
            <p className="border-t border-border pt-4 text-sm leading-relaxed text-muted-foreground">
              {text.asideStudents}
            </p>
          </aside>
        </PageContainer>
      </section>
    </>
  );
}
