import '../../test/setup.ts';
import {
  INVOICE_UPDATED_EVENT,
  type Invoice,
  InvoiceEventAction,
  type InvoiceStats,
  InvoiceStatus,
  Role,
  type WithdrawMethod,
  WithdrawMethodType,
} from '@hiwar/domain';
import { formatMoney as egp } from '@hiwar/ui';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../../test/fake-socket.ts';
import { apiError, json, makeAccount } from '../../test/fixtures.ts';
import {
  INVOICE_TUTOR,
  invoiceEvent,
  makeInvoice,
  makeMethods,
  makeStats,
} from '../../test/invoice-fixtures.ts';
import { type ApiRequest, renderApp } from '../../test/render-app.tsx';

/** The first screen of a test loads lazy chunks (the page, then recharts): slow on a busy machine. */
const LOAD = { timeout: 10_000 };
/** Money as text matchers see it: `Intl`'s no-break space read as a space. */
const plain = (piasters: number) => egp(piasters).replace(/\u00a0/g, ' ');
const tutor = () => makeAccount({ id: INVOICE_TUTOR.id, name: INVOICE_TUTOR.name, role: Role.Tutor });

interface Backend {
  stats?: () => InvoiceStats;
  methods?: WithdrawMethod[];
  invoices?: () => Invoice[];
  extra?: (request: ApiRequest) => Response | undefined;
}

function backend({ stats = makeStats, methods = makeMethods(), invoices = () => [], extra }: Backend) {
  return (request: ApiRequest) => {
    const answer = extra?.(request);
    if (answer) {
      return answer;
    }
    if (request.path === `/api/v1/invoice/stats/${INVOICE_TUTOR.id}`) {
      return json(200, stats());
    }
    if (request.path === '/api/v1/withdraw-method/list') {
      return json(200, { list: methods, total: methods.length });
    }
    if (request.method === 'GET' && request.path.startsWith('/api/v1/invoice/list')) {
      const list = invoices();
      return json(200, { list, total: list.length });
    }
    return undefined;
  };
}

const requestsList = () => screen.findByRole('list', { name: 'طلبات السحب' }, LOAD);

beforeEach(() => {
  // happy-dom keeps no blobs: an object URL is enough for the receipt's <img>.
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:receipt-40');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/invoices for a tutor', { timeout: 30_000 }, () => {
  it('shows the balance cards, the earnings per week or month and the requests', async () => {
    const user = userEvent.setup();
    const fulfilled = makeInvoice({
      id: 41,
      amount: 500_00,
      status: InvoiceStatus.Fulfilled,
      details: { method: WithdrawMethodType.Bank, bank: 'cib', accountNumber: '100020003000' },
      note: 'حُوّل المبلغ صباح الخميس.',
      receipt: 'http://api.test/assets/receipts/abc123.png',
      createdAt: '2026-01-04T08:00:00.000Z',
    });
    const { requests } = renderApp({
      path: '/invoices',
      account: tutor(),
      api: backend({
        invoices: () => [makeInvoice(), fulfilled],
        extra: ({ path }) =>
          path === '/assets/receipts/abc123.png'
            ? new Response(new Blob(['png'], { type: 'image/png' }), { status: 200 })
            : undefined,
      }),
    });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'الأرباح والسحب' }, LOAD),
    ).toBeInTheDocument();
    const balances = within(screen.getByRole('region', { name: 'رصيدك' }));
    await waitFor(() => expect(balances.getByText('المتاح للسحب').nextSibling).toHaveTextContent('١٬٥٠٠'));
    expect(balances.getByText('إجمالي الأرباح').nextSibling).toHaveTextContent(plain(3_000_00));
    expect(balances.getByText('قيد السحب').nextSibling).toHaveTextContent('١٬٠٠٠');
    expect(balances.getByText('تم سحبه').nextSibling).toHaveTextContent('٥٠٠');

    // The chart: per week by default, per month on the other tab; the figures also as a table.
    const chart = within(screen.getByRole('region', { name: 'أرباحك عبر الوقت' }));
    expect(chart.getByRole('tab', { name: 'أسبوعيًا', selected: true })).toBeInTheDocument();
    const weekly = chart.getByRole('tabpanel');
    expect(within(weekly).getByText(`المجموع: ${plain(2_250_00)}`)).toBeInTheDocument();
    expect(within(weekly).getByRole('row', { name: /أسبوع ١٠ يناير ٢٠٢٦.*١٬٥٠٠/ })).toBeInTheDocument();
    await user.click(chart.getByRole('tab', { name: 'شهريًا' }));
    const monthly = chart.getByRole('tabpanel');
    expect(within(monthly).getByText(`المجموع: ${plain(3_000_00)}`)).toBeInTheDocument();
    expect(within(monthly).getByRole('row', { name: /يناير ٢٠٢٦.*٢٬٢٥٠/ })).toBeInTheDocument();

    const [pending, paid] = within(await requestsList()).getAllByRole('listitem') as [
      HTMLElement,
      HTMLElement,
    ];
    const first = within(pending);
    expect(first.getByRole('heading', { name: `طلب سحب ${egp(1_000_00)}` })).toBeInTheDocument();
    expect(first.getByText('قيد المراجعة')).toBeInTheDocument();
    expect(first.getByText('إنستاباي')).toBeInTheDocument();
    expect(first.getByText('mona@instapay')).toBeInTheDocument();
    // Sunday's request: the 4th and 5th working days, Friday and Saturday skipped.
    expect(first.getByText('بين الخميس، ١٥ يناير والأحد، ١٨ يناير')).toBeInTheDocument();

    const second = within(paid);
    expect(second.getByText('تم التحويل')).toBeInTheDocument();
    expect(second.getByText('البنك التجاري الدولي (CIB)')).toBeInTheDocument();
    expect(second.getByText('100020003000')).toBeInTheDocument();
    expect(second.getByText('حُوّل المبلغ صباح الخميس.')).toBeInTheDocument();
    expect(second.queryByText(/الموعد المتوقع/)).not.toBeInTheDocument();

    // The receipt is private: fetched with the token, shown from an object URL.
    await user.click(second.getByRole('button', { name: `عرض الإيصال (${egp(500_00)})` }));
    const dialog = await screen.findByRole('dialog', { name: 'إيصال التحويل' });
    const picture = await within(dialog).findByRole('img', { name: `صورة إيصال تحويل ${egp(500_00)}` });
    expect(picture).toHaveAttribute('src', 'blob:receipt-40');
    const fetched = requests.find((request) => request.path === '/assets/receipts/abc123.png');
    expect(fetched?.headers.Authorization).toMatch(/^Bearer /);
  });

  it('checks the request as it is typed, then posts piasters and the receiver details', async () => {
    const user = userEvent.setup();
    const posted: unknown[] = [];
    renderApp({
      path: '/invoices',
      account: tutor(),
      api: backend({
        methods: makeMethods({ instapay: { max: 1_000_00 } }),
        extra: ({ method, path, body }) => {
          if (method === 'POST' && path === '/api/v1/invoice') {
            posted.push(body);
            return json(200, makeInvoice({ amount: 950_50 }));
          }
          return undefined;
        },
      }),
    });
    const form = within(await screen.findByRole('region', { name: 'طلب سحب جديد' }, LOAD));
    const submit = await form.findByRole('button', { name: 'اطلب السحب' });
    await waitFor(() => expect(submit).toBeEnabled());

    await user.click(submit);
    expect(await form.findAllByText('هذا الحقل مطلوب.')).toHaveLength(2);
    expect(posted).toHaveLength(0);

    // Above the withdrawable balance (1,500 EGP) through a wallet.
    await user.click(form.getByRole('radio', { name: /محفظة إلكترونية/ }));
    await user.type(form.getByRole('textbox', { name: 'رقم المحفظة' }), '01012345678');
    const amount = form.getByRole('textbox', { name: 'المبلغ بالجنيه' });
    await user.type(amount, '٢٠٠٠');
    expect(await form.findByText('المبلغ أكبر من رصيدك المتاح للسحب.')).toBeInTheDocument();
    expect(amount).toHaveAccessibleDescription(expect.stringContaining(`المتاح للسحب ${egp(1_500_00)}`));

    // InstaPay allows at most 1,000 EGP here: the typed amount is checked again at once.
    await user.click(form.getByRole('radio', { name: /إنستاباي/ }));
    expect(await form.findByText('المبلغ أكبر من الحد الأقصى للسحب بهذه الطريقة.')).toBeInTheDocument();
    expect(amount).toHaveAccessibleDescription(expect.stringContaining(`الحد الأقصى ${egp(1_000_00)}`));

    const address = form.getByRole('textbox', { name: 'عنوان إنستاباي' });
    await user.type(address, 'mona@insta');
    expect(await form.findByText('عنوان إنستاباي غير صحيح. مثال: name@instapay')).toBeInTheDocument();
    await user.type(address, 'pay');
    await waitFor(() => expect(form.queryByText(/عنوان إنستاباي غير صحيح/)).not.toBeInTheDocument());

    await user.clear(amount);
    await user.type(amount, '950.5');
    await waitFor(() => expect(form.queryByText(/المبلغ أكبر/)).not.toBeInTheDocument());
    await user.click(submit);

    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({ amount: 950_50, details: { method: 'instapay', username: 'mona@instapay' } });
    expect(await screen.findByText('أرسلنا طلب السحب، وسنراجعه خلال ٤ إلى ٥ أيام عمل.')).toBeInTheDocument();
    expect(amount).toHaveValue('');
  });

  it('shows what the server still refuses under its field, in Arabic', async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/invoices',
      account: tutor(),
      api: backend({
        extra: ({ method, path }) =>
          method === 'POST' && path === '/api/v1/invoice'
            ? apiError(409, 'invoice-balance-exceeded')
            : undefined,
      }),
    });
    const form = within(await screen.findByRole('region', { name: 'طلب سحب جديد' }, LOAD));
    await user.click(await form.findByRole('radio', { name: /تحويل بنكي/ }));
    await user.click(form.getByRole('radio', { name: 'بنك الإسكندرية' }));
    await user.type(form.getByRole('textbox', { name: 'رقم الحساب أو IBAN' }), '1234-5678-9012');
    await user.click(form.getByRole('button', { name: 'اسحب كل المتاح' }));
    expect(form.getByRole('textbox', { name: 'المبلغ بالجنيه' })).toHaveValue('1500');
    await user.click(form.getByRole('button', { name: 'اطلب السحب' }));
    expect(await form.findByText('المبلغ أكبر من رصيدك المتاح للسحب.')).toBeInTheDocument();
    expect(form.getByRole('textbox', { name: 'المبلغ بالجنيه' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('offers to update or cancel only where the table lets the tutor, and sends the status shown', async () => {
    const user = userEvent.setup();
    const bodies: Array<{ path: string; body: unknown }> = [];
    const pending = makeInvoice();
    const updated = makeInvoice({
      id: 42,
      status: InvoiceStatus.UpdatedByReceiver,
      requestedDetails: { method: WithdrawMethodType.Wallet, phone: '01198765432' },
    });
    const cancelAsked = makeInvoice({ id: 43, status: InvoiceStatus.CanceledByReceiver });
    const rejected = makeInvoice({ id: 44, status: InvoiceStatus.Rejected, note: 'الحساب غير صحيح.' });
    renderApp({
      path: '/invoices',
      account: tutor(),
      api: backend({
        invoices: () => [pending, updated, cancelAsked, rejected],
        extra: ({ method, path, body }) => {
          if (method === 'PUT' && path.startsWith('/api/v1/invoice/receiver/')) {
            bodies.push({ path, body });
            return json(200, { ...pending, status: (body as { status: InvoiceStatus }).status });
          }
          return undefined;
        },
      }),
    });
    const items = within(await requestsList()).getAllByRole('listitem');
    const buttons = (item: HTMLElement) =>
      within(item)
        .queryAllByRole('button')
        .map((button) => button.textContent);
    expect(buttons(items[0] as HTMLElement)).toEqual(['اطلب تعديل البيانات', 'اطلب الإلغاء']);
    expect(buttons(items[1] as HTMLElement)).toEqual(['اطلب الإلغاء']);
    expect(buttons(items[2] as HTMLElement)).toEqual([]);
    expect(buttons(items[3] as HTMLElement)).toEqual([]);
    expect(within(items[1] as HTMLElement).getByText('طلب تعديل البيانات')).toBeInTheDocument();
    expect(within(items[1] as HTMLElement).getByText('01198765432')).toBeInTheDocument();
    expect(within(items[3] as HTMLElement).getByText('الحساب غير صحيح.')).toBeInTheDocument();

    // Ask to update: the new details, checked as typed, wait for staff.
    await user.click(within(items[0] as HTMLElement).getByRole('button', { name: 'اطلب تعديل البيانات' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'تعديل بيانات الاستلام' }));
    expect(dialog.getByRole('radio', { name: /إنستاباي/ })).toBeChecked();
    await user.click(dialog.getByRole('radio', { name: /تحويل بنكي/ }));
    await user.click(dialog.getByRole('button', { name: 'أرسل طلب التعديل' }));
    expect(await dialog.findByText('اختر اسم البنك.')).toBeInTheDocument();
    await user.click(dialog.getByRole('radio', { name: 'البنك التجاري الدولي (CIB)' }));
    await user.type(dialog.getByRole('textbox', { name: 'رقم الحساب أو IBAN' }), '1234 5678 9012');
    await user.click(dialog.getByRole('button', { name: 'أرسل طلب التعديل' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      path: '/api/v1/invoice/receiver/40',
      body: {
        status: 'updated-by-receiver',
        details: { method: 'bank', bank: 'cib', accountNumber: '123456789012' },
        expectedStatus: 'pending',
      },
    });
    expect(await screen.findByText('أرسلنا طلب التعديل إلى الإدارة.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // Ask to cancel, after confirming.
    await user.click(within(items[1] as HTMLElement).getByRole('button', { name: 'اطلب الإلغاء' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'إلغاء طلب السحب؟' }));
    await user.click(confirm.getByRole('button', { name: 'نعم، اطلب الإلغاء' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({
      path: '/api/v1/invoice/receiver/42',
      body: { status: 'canceled-by-receiver', expectedStatus: 'updated-by-receiver' },
    });
    expect(await screen.findByText('أرسلنا طلب الإلغاء إلى الإدارة.')).toBeInTheDocument();
  });

  it('shows a status change from staff at once: a toast, the new status and the new balance', async () => {
    const socket = new FakeSocket();
    let invoice = makeInvoice();
    let stats = makeStats();
    renderApp({
      path: '/invoices',
      account: tutor(),
      socket,
      api: backend({ stats: () => stats, invoices: () => [invoice] }),
    });
    const item = within((await within(await requestsList()).findAllByRole('listitem'))[0] as HTMLElement);
    expect(item.getByText('قيد المراجعة')).toBeInTheDocument();
    await waitFor(() => expect(socket.listenerCount(INVOICE_UPDATED_EVENT)).toBe(1));

    invoice = makeInvoice({
      status: InvoiceStatus.Fulfilled,
      receipt: 'http://api.test/assets/receipts/r.png',
      note: 'تم التحويل.',
    });
    stats = makeStats({ pending: 0, withdrawn: 1_500_00 });
    act(() => socket.fire(INVOICE_UPDATED_EVENT, invoiceEvent(invoice)));

    expect(await screen.findByText('تغيّرت حالة طلب السحب: تم التحويل.')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'طلبات السحب' })).getByText('تم التحويل'),
      ).toBeInTheDocument(),
    );
    const balances = within(screen.getByRole('region', { name: 'رصيدك' }));
    await waitFor(() => expect(balances.getByText('تم سحبه').nextSibling).toHaveTextContent('١٬٥٠٠'));

    // The tutor's own move raises no second toast; a malformed payload is ignored.
    act(() =>
      socket.fire(
        INVOICE_UPDATED_EVENT,
        invoiceEvent(
          makeInvoice({ status: InvoiceStatus.CanceledByReceiver }),
          InvoiceEventAction.StatusChanged,
        ),
      ),
    );
    act(() => socket.fire(INVOICE_UPDATED_EVENT, { action: 'status-changed', invoice: { id: 'x' } }));
    expect(screen.queryByText('تغيّرت حالة طلب السحب: طلب إلغاء.')).not.toBeInTheDocument();
  });

  it('is a tutor screen: a student is told it is not for their account', async () => {
    renderApp({ path: '/invoices', user: { role: Role.Student } });
    expect(
      await screen.findByRole('heading', { name: 'هذه الصفحة غير متاحة لحسابك' }, LOAD),
    ).toBeInTheDocument();
  });
});
