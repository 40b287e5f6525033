import '../test/setup.ts';
import {
  BOUNDS,
  CreateContactRequestRequestSchema,
  normalizePhone as domainNormalizePhone,
} from '@hiwar/domain';
import { errorMessages, messages, siteMessages } from '@hiwar/ui';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contactIslandProps } from '../pages/contact-page.tsx';
import { showPage, TEST_API_URL } from '../test/render-page.ts';
import { checkContactForm, mountContactForm, normalizePhone } from './contact.ts';

const text = siteMessages.contact;

function mount() {
  showPage('/contact');
  mountContactForm(document.querySelector('form[data-island="contact"]') as HTMLFormElement);
}

function answer(status: number, body: unknown) {
  const fetch = vi.fn(
    async (_url: RequestInfo | URL, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

async function fill(values: Partial<Record<'name' | 'email' | 'phone' | 'title' | 'message', string>>) {
  const user = userEvent.setup();
  const labels = {
    name: text.nameLabel,
    email: text.email,
    phone: text.phone,
    title: text.titleLabel,
    message: text.messageLabel,
  };
  for (const [field, value] of Object.entries(values)) {
    await user.type(screen.getByLabelText(new RegExp(`^${labels[field as keyof typeof labels]}`)), value);
  }
  return user;
}

const VALID = {
  name: 'منى أحمد',
  email: 'mona@example.com',
  title: 'سؤال عن الباقات',
  message: 'هل يمكنني تغيير الباقة في منتصف الشهر؟',
};

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('the contact form', () => {
  it('says in Arabic what is missing before sending anything', async () => {
    const fetch = answer(200, { ok: true });
    mount();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: text.submit }));
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent(text.fixErrors);
    expect(screen.getByLabelText(text.nameLabel)).toHaveAccessibleDescription(errorMessages.required);
    expect(screen.getByLabelText(text.nameLabel)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^البريد الإلكتروني/)).toHaveAccessibleDescription(text.replyMissing);
    expect(screen.getByLabelText(text.titleLabel)).toHaveAccessibleDescription(
      expect.stringContaining(errorMessages.required),
    );
    expect(screen.getByLabelText(text.nameLabel)).toHaveFocus();
  });

  it('checks the lengths and the e-mail and phone as the API does', async () => {
    answer(200, { ok: true });
    mount();
    const user = await fill({ name: 'م', email: 'mona@', phone: '0101', title: 'سؤال', message: 'قصيرة' });
    await user.click(screen.getByRole('button', { name: text.submit }));
    expect(screen.getByLabelText(text.nameLabel)).toHaveAccessibleDescription(
      errorMessages['contact-request-name-short'],
    );
    expect(screen.getByLabelText(/^البريد الإلكتروني/)).toHaveAccessibleDescription(
      errorMessages['invalid-email'],
    );
    expect(screen.getByLabelText(/^رقم الموبايل/)).toHaveAccessibleDescription(
      errorMessages['invalid-phone'],
    );
    expect(screen.getByLabelText(text.titleLabel)).toHaveAccessibleDescription(
      expect.stringContaining(errorMessages['contact-request-title-short']),
    );
    expect(screen.getByLabelText(text.messageLabel)).toHaveAccessibleDescription(
      expect.stringContaining(errorMessages['contact-request-message-short']),
    );
  });

  it('sends the request to the API and thanks the visitor', async () => {
    const fetch = answer(200, { ok: true });
    mount();
    const user = await fill({ ...VALID, phone: '٠١٠ ١٢٣٤ ٥٦٧٨' });
    await user.click(screen.getByRole('button', { name: text.submit }));
    expect(await screen.findByRole('heading', { name: text.sentTitle })).toBeVisible();
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`${TEST_API_URL}/api/v1/contact-request/`);
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ ...VALID, phone: '01012345678' });
    await user.click(screen.getByRole('button', { name: text.sendAnother }));
    expect(screen.getByLabelText(text.nameLabel)).toHaveValue('');
    expect(screen.getByLabelText(text.nameLabel)).toHaveFocus();
  });

  it.each([
    ['contact-request-title-long', 'title'],
    ['invalid-email', 'email'],
    ['required', 'email'],
  ] as const)('puts the API answer %s under its field', async (code, field) => {
    answer(400, { code, message: 'Invalid body' });
    mount();
    const user = await fill(VALID);
    await user.click(screen.getByRole('button', { name: text.submit }));
    const label = field === 'title' ? text.titleLabel : /^البريد الإلكتروني/;
    const expected = code === 'required' ? text.replyMissing : errorMessages[code];
    await waitFor(() =>
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription(expect.stringContaining(expected)),
    );
    expect(screen.getByRole('button', { name: text.submit })).toBeEnabled();
  });

  it('words a rate limit and a lost connection above the button', async () => {
    answer(429, { code: 'too-many-requests', message: 'Too many requests' });
    mount();
    const user = await fill(VALID);
    await user.click(screen.getByRole('button', { name: text.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(errorMessages['too-many-requests']);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await user.click(screen.getByRole('button', { name: text.submit }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(messages.common.networkError));
  });

  it('accepts and refuses what the API schema accepts and refuses', () => {
    const cases = [
      VALID,
      { ...VALID, email: '', phone: '01012345678' },
      { ...VALID, email: ' Mona@Example.COM ', phone: '+20 101 234 5678' },
      { ...VALID, email: '', phone: '' },
      { ...VALID, name: '  م  ' },
      { ...VALID, name: 'ن'.repeat(BOUNDS.contactRequestName.max + 1) },
      { ...VALID, title: `  ${'ع'.repeat(BOUNDS.contactRequestTitle.min)}  ` },
      { ...VALID, title: 'ع'.repeat(BOUNDS.contactRequestTitle.max + 1) },
      { ...VALID, message: 'ر'.repeat(BOUNDS.contactRequestMessage.min - 1) },
      { ...VALID, message: 'ر'.repeat(BOUNDS.contactRequestMessage.max) },
      { ...VALID, email: 'mona@example' },
      { ...VALID, email: '', phone: '0131234567' },
    ];
    for (const values of cases) {
      const form = { phone: '', ...values };
      const island = checkContactForm(form, contactIslandProps);
      const schema = CreateContactRequestRequestSchema.safeParse({
        ...form,
        email: form.email || undefined,
        phone: form.phone || undefined,
      });
      expect(island.errors === null, JSON.stringify(values)).toBe(schema.success);
      if (island.body && schema.success) {
        expect({ email: null, phone: null, ...island.body }).toEqual(schema.data);
      }
    }
    for (const phone of ['٠١٠١٢٣٤٥٦٧٨', '۰۱۲ ۳۴۵۶-۷۸۹۰', '+201012345678', '010-1234-5678']) {
      expect(normalizePhone(phone)).toBe(domainNormalizePhone(phone));
    }
  });
});
