import type { ContactIslandProps } from '../pages/contact-page.tsx';
import { readIslandProps } from './island-props.ts';
import { readIslandConfig } from './runtime-config.ts';

type Field = 'name' | 'email' | 'phone' | 'reply' | 'title' | 'message';
type ErrorKey = keyof ContactIslandProps['errors'];

/** What `POST /api/v1/contact-request/` takes (packages/domain `CreateContactRequestRequestSchema`). */
export interface ContactRequestBody {
  name: string;
  email?: string;
  phone?: string;
  title: string;
  message: string;
}

/** Where each error code of the API belongs on the form; anything else is shown above the button. */
const FIELD_OF: Partial<Record<string, Field>> = {
  'invalid-email': 'email',
  'invalid-phone': 'phone',
  'contact-request-name-short': 'name',
  'contact-request-name-long': 'name',
  'contact-request-title-short': 'title',
  'contact-request-title-long': 'title',
  'contact-request-message-short': 'message',
  'contact-request-message-long': 'message',
};

/**
 * Phone numbers as the domain stores them (`normalizePhone` in packages/domain, whose module carries
 * zod and so stays out of the browser bundle; a test keeps the two in step): Arabic-Indic digits made
 * Latin, spaces and dashes dropped, `+20` made `0`.
 */
export function normalizePhone(value: string): string {
  return value
    .replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (digit) => {
      const code = digit.charCodeAt(0);
      return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660);
    })
    .replace(/[\s-]/g, '')
    .replace(/^\+20(?=1)/, '0');
}

/**
 * Checks the form as the API's schema does, so most mistakes are shown before anything is sent:
 * the body to send, or each field's error code (`reply` when neither e-mail nor phone is given).
 */
export function checkContactForm(
  values: Record<'name' | 'email' | 'phone' | 'title' | 'message', string>,
  rules: Pick<ContactIslandProps, 'bounds' | 'patterns'>,
):
  | { body: ContactRequestBody; errors: null }
  | { body: null; errors: Partial<Record<Field, ErrorKey | 'reply'>> } {
  const errors: Partial<Record<Field, ErrorKey | 'reply'>> = {};
  const length = (value: string, bounds: { min: number; max: number }, short: ErrorKey, long: ErrorKey) =>
    value === '' ? 'required' : value.length < bounds.min ? short : value.length > bounds.max ? long : null;

  const name = values.name.trim().replace(/\s+/g, ' ');
  const title = values.title.trim();
  const message = values.message.trim();
  const email = values.email.trim().toLowerCase();
  const phone = normalizePhone(values.phone.trim());
  const nameError = length(
    name,
    rules.bounds.name,
    'contact-request-name-short',
    'contact-request-name-long',
  );
  const titleError = length(
    title,
    rules.bounds.title,
    'contact-request-title-short',
    'contact-request-title-long',
  );
  const messageError = length(
    message,
    rules.bounds.message,
    'contact-request-message-short',
    'contact-request-message-long',
  );
  if (nameError) {
    errors.name = nameError;
  }
  if (email && (email.length > 254 || !new RegExp(...rules.patterns.email).test(email))) {
    errors.email = 'invalid-email';
  }
  if (phone && !new RegExp(...rules.patterns.phone).test(phone)) {
    errors.phone = 'invalid-phone';
  }
  if (!email && !phone) {
    errors.reply = 'reply';
  }
  if (titleError) {
    errors.title = titleError;
  }
  if (messageError) {
    errors.message = messageError;
  }
  if (Object.keys(errors).length > 0) {
    return { body: null, errors };
  }
  return {
    body: { name, title, message, ...(email ? { email } : {}), ...(phone ? { phone } : {}) },
    errors: null,
  };
}

/**
 * The contact form: checked as the API checks it, sent as JSON to this deployment's API, every answer
 * worded from the catalogue (field errors under their field, the rest above the button), and a thank-you
 * in place of the form once it is received.
 */
export function mountContactForm(form: HTMLFormElement): void {
  const props = readIslandProps<ContactIslandProps>('contact', form.parentElement ?? document);
  const sent = form.parentElement?.querySelector<HTMLElement>('[data-contact-sent]') ?? null;
  const formError = form.querySelector<HTMLElement>('[data-form-error]');
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!formError || !submit) {
    return;
  }
  const submitLabel = submit.textContent ?? '';
  const controlOf = (field: Field) =>
    field === 'reply'
      ? null
      : form.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${field}"]`);

  const showError = (field: Field, text: string | null) => {
    const slot = form.querySelector<HTMLElement>(`[data-error-for="${field}"]`);
    if (!slot) {
      return;
    }
    slot.textContent = text ?? '';
    slot.hidden = text === null;
    const controls = field === 'reply' ? [controlOf('email'), controlOf('phone')] : [controlOf(field)];
    for (const control of controls) {
      if (!control) {
        continue;
      }
      const described = new Set((control.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean));
      if (text === null) {
        described.delete(slot.id);
      } else {
        described.add(slot.id);
      }
      if (described.size > 0) {
        control.setAttribute('aria-describedby', [...described].join(' '));
      } else {
        control.removeAttribute('aria-describedby');
      }
      // Invalid while any error (its own, or "reply" for e-mail and phone) describes it.
      if ([...described].some((id) => id.endsWith('-error'))) {
        control.setAttribute('aria-invalid', 'true');
      } else {
        control.removeAttribute('aria-invalid');
      }
    }
  };
  const clearErrors = () => {
    for (const field of ['name', 'email', 'phone', 'reply', 'title', 'message'] as const) {
      showError(field, null);
    }
    formError.hidden = true;
    formError.textContent = '';
  };
  const showFormError = (text: string) => {
    formError.textContent = text;
    formError.hidden = false;
  };
  const textOf = (key: ErrorKey | 'reply') => (key === 'reply' ? props.replyMissing : props.errors[key]);
  const setSending = (sending: boolean) => {
    submit.disabled = sending;
    submit.setAttribute('aria-busy', String(sending));
    submit.textContent = sending ? (submit.dataset.sendingLabel ?? submitLabel) : submitLabel;
  };

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    clearErrors();
    const data = new FormData(form);
    const value = (key: string) => String(data.get(key) ?? '');
    const checked = checkContactForm(
      {
        name: value('name'),
        email: value('email'),
        phone: value('phone'),
        title: value('title'),
        message: value('message'),
      },
      props,
    );
    if (checked.errors) {
      for (const [field, key] of Object.entries(checked.errors) as [Field, ErrorKey | 'reply'][]) {
        showError(field, textOf(key));
      }
      showFormError(props.fixErrors);
      const first = (['name', 'email', 'phone', 'title', 'message'] as const).find(
        (field) => checked.errors[field] || (checked.errors.reply && field === 'email'),
      );
      if (first) {
        controlOf(first)?.focus();
      }
      return;
    }
    setSending(true);
    try {
      const response = await fetch(`${readIslandConfig().apiUrl}/api/v1/contact-request/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(checked.body),
      });
      if (response.ok) {
        form.reset();
        form.hidden = true;
        if (sent) {
          sent.hidden = false;
          sent.focus();
        }
        return;
      }
      const answer = (await response.json().catch(() => null)) as { code?: string } | null;
      const code = answer?.code ?? '';
      const field = FIELD_OF[code] ?? (code === 'required' ? 'reply' : undefined);
      if (field) {
        showError(
          field,
          code === 'required' ? props.replyMissing : (props.errors[code as ErrorKey] ?? props.generic),
        );
        showFormError(props.fixErrors);
        controlOf(field === 'reply' ? 'email' : field)?.focus();
      } else {
        showFormError(props.errors[code as ErrorKey] ?? props.generic);
      }
    } catch {
      showFormError(props.network);
    } finally {
      setSending(false);
    }
  });

  sent?.querySelector('[data-contact-again]')?.addEventListener('click', () => {
    sent.hidden = true;
    form.hidden = false;
    controlOf('name')?.focus();
  });
}

const form = document.querySelector<HTMLFormElement>('form[data-island="contact"]');
if (form) {
  mountContactForm(form);
}
