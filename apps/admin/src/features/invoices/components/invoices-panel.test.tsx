import '../../../test/setup.ts';
import {
  ADMIN_INVOICES_CHANNEL,
  type Invoice,
  InvoiceEventAction,
  InvoiceStatus,
  localDayRange,
  Role,
  type User,
  type WithdrawMethod,
  WithdrawMethodType,
} from '@hiwar/domain';
import { formatMoney } from '@hiwar/ui';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { canOpenSection } from '../../../lib/staff-access.ts';
import { apiError, type FakeHandler, type RecordedRequest } from '../../../test/fake-api.ts';
import { FakeSocket } from '../../../test/fake-socket.ts';
import { FakeXhr } from '../../../test/fake-xhr.ts';
import { makeUser, regularAdmin, superAdmin, tutorManager } from '../../../test/fixtures.ts';
import {
  INVOICE_TUTOR,
  invoiceEvent,
  makeInvoice,
  makeMethods,
  makeStats,
} from '../../../test/invoice-fixtures.ts';
import { currentLocation, renderAdmin } from '../../../test/render-admin.tsx';

/** The first screen of a test loads a lazy route chunk: slow on a busy machine. */
const LOAD = { timeout: 10_000 };
const LIST = '/api/v1/invoice/list';
/** Money as text matchers see it: `Intl`'s no-break space read as a space. */
const plain = (piasters: number) => formatMoney(piasters).replace(/\u00a0/g, ' ');

const laila = makeUser({
  id: INVOICE_TUTOR.id,
  email: INVOICE_TUTOR.email,
  name: INVOICE_TUTOR.name,
  role: Role.Tutor,
});
const omar = makeUser({ id: 8, email: 'omar@hiwar.test', name: 'عمر المعلم', role: Role.Tutor });
const people: User[] = [laila, omar];

const pending = makeInvoice();
const updated = makeInvoice({
  id: 41,
  amount: 700_00,
  status: InvoiceStatus.UpdatedByReceiver,
  details: { method: WithdrawMethodType.Wallet, phone: '01012345678' },
  requestedDetails: { method: WithdrawMethodType.Bank, bank: 'alex', accountNumber: '99990000111' },
});
const cancelAsked = makeInvoice({
  id: 42,
  userId: omar.id,
  receiver: { id: omar.id, name: omar.name, image: null, email: omar.email },
  status: InvoiceStatus.CanceledByReceiver,
});
const fulfilled = makeInvoice({
  id: 43,
  status: InvoiceStatus.Fulfilled,
  note: 'حُوّل صباح الخميس.',
  receipt: 'http://api.test/assets/receipts/r43.png',
  addressedBy: { id: 1, name: 'سارة المدير', image: null },
});

function handlers({
  list = () => [pending, updated, cancelAsked, fulfilled],
  methods = makeMethods(),
}: {
  list?: () => Invoice[];
  methods?: WithdrawMethod[];
} = {}): FakeHandler[] {
  return [
    {
      method: 'GET',
      path: LIST,
      answer: () => {
        const all = list();
        return { body: { list: all, total: all.length } };
      },
    },
    {
      method: 'GET',
      path: /^\/api\/v1\/invoice\/stats\/\d+$/,
      answer: ({ url }) => ({ body: makeStats({ tutorId: Number(url.pathname.split('/').at(-1)) }) }),
    },
    {
      method: 'GET',
      path: '/api/v1/withdraw-method/list',
      answer: () => ({ body: { list: methods, total: 3 } }),
    },
    {
      method: 'GET',
      path: '/api/v1/user/list',
      answer: ({ url }) => {
        const search = url.searchParams.get('search') ?? '';
        const role = Number(url.searchParams.get('role'));
        const found = people.filter((user) => user.role === role && (user.name ?? '').includes(search));
        return { body: { list: found, total: found.length } };
      },
    },
    {
      method: 'GET',
      path: /^\/api\/v1\/user\/\d+$/,
      answer: ({ url }) => {
        const found = people.find((user) => url.pathname.endsWith(`/${user.id}`));
        return found ? { body: found } : apiError(404, 'user-not-found');
      },
    },
  ];
}

const lastListQuery = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.url.pathname === LIST).at(-1)?.url.searchParams;

const arabic = (value: number) => new Intl.NumberFormat('ar-EG', { useGrouping: false }).format(value);

const table = () => screen.findByRole('table', { name: 'طلبات السحب' }, LOAD);

/** Opens a request's details from its row. */
async function openDetails(user: ReturnType<typeof renderAdmin>['user'], name: string, id: number) {
  await table();
  await user.click(screen.getByRole('button', { name: `التفاصيل: طلب ${name} رقم ${arabic(id)}` }));
  return within(await screen.findByRole('dialog', { name: `طلب سحب ${name}` }));
}

const receipt = () => new File(['png bytes'], 'receipt.png', { type: 'image/png' });

beforeEach(() => {
  FakeXhr.reset();
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:local-preview');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('admin /invoices', { timeout: 30_000 }, () => {
  it('is open to SuperAdmin and RegularAdmin only', async () => {
    const staff = [Role.SuperAdmin, Role.RegularAdmin, Role.TutorManager, Role.Studio];
    expect(staff.filter((role) => canOpenSection(role, 'invoices'))).toEqual([
      Role.SuperAdmin,
      Role.RegularAdmin,
    ]);
    renderAdmin({ path: '/invoices', signedInAs: tutorManager, handlers: handlers() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'لا تملك صلاحية فتح هذه الصفحة' }, LOAD),
    ).toBeInTheDocument();
  });

  it('lists the requests with tutor, amount, method, status and date', async () => {
    const { api } = renderAdmin({ path: '/invoices', signedInAs: regularAdmin, handlers: handlers() });
    const rows = within(await table())
      .getAllByRole('row')
      .slice(1);
    expect(rows).toHaveLength(4);
    const first = rows[0] as HTMLElement;
    // The request's number in the product's digits, like every figure in the table.
    expect(within(first).getAllByRole('cell')[0]).toHaveTextContent(/^٤٠$/);
    expect(first.textContent).not.toMatch(/[0-9]/);
    expect(within(first).getByRole('link', { name: 'ليلى المعلمة' })).toHaveAttribute('href', '/tutor/3');
    expect(first).toHaveTextContent(plain(1_000_00));
    expect(first).toHaveTextContent('إنستاباي');
    expect(first).toHaveTextContent('قيد المراجعة');
    expect(rows[1]).toHaveTextContent('طلب تعديل البيانات');
    expect(rows[2]).toHaveTextContent('عمر المعلم');
    expect(rows[3]).toHaveTextContent('تم التحويل');
    expect(screen.getByText('٤ طلبات')).toBeInTheDocument();
    expect(lastListQuery(api.requests)?.get('page')).toBe('1');
  });

  it('filters by status, method, tutor chosen by name and Cairo dates, all in the address', async () => {
    const { api, user, router } = renderAdmin({
      path: '/invoices',
      signedInAs: superAdmin,
      handlers: handlers(),
    });
    await table();
    await user.selectOptions(screen.getByLabelText('الحالة'), 'تنتظر إجراءً من الإدارة');
    await waitFor(() =>
      expect(lastListQuery(api.requests)?.get('status')).toBe(
        'pending,updated-by-receiver,canceled-by-receiver',
      ),
    );
    await user.selectOptions(screen.getByLabelText('طريقة السحب'), 'تحويل بنكي');
    await waitFor(() => expect(lastListQuery(api.requests)?.get('method')).toBe('bank'));

    await user.type(screen.getByRole('combobox', { name: 'المعلم' }), 'عمر');
    await user.click(await screen.findByRole('option', { name: /عمر المعلم/ }));
    await waitFor(() => expect(lastListQuery(api.requests)?.get('tutorId')).toBe('8'));

    await user.type(screen.getByLabelText('من تاريخ'), '2026-01-01');
    await user.type(screen.getByLabelText('إلى تاريخ'), '2026-01-31');
    await waitFor(() => expect(lastListQuery(api.requests)?.get('to')).not.toBeNull());
    const query = lastListQuery(api.requests);
    expect(query?.get('from')).toBe(localDayRange('2026-01-01').start.toISOString());
    expect(query?.get('to')).toBe(localDayRange('2026-02-01').start.toISOString());
    const address = new URL(currentLocation(router), 'http://admin.test');
    expect(address.pathname).toBe('/invoices');
    expect(Object.fromEntries(address.searchParams)).toEqual({
      status: 'open',
      tutorId: '8',
      method: 'bank',
      from: '2026-01-01',
      to: '2026-01-31',
    });
  });

  it('reads the tutor filter from a link to /invoices?tutorId=', async () => {
    const { api } = renderAdmin({
      path: '/invoices?tutorId=3',
      signedInAs: superAdmin,
      handlers: handlers(),
    });
    await table();
    expect(lastListQuery(api.requests)?.get('tutorId')).toBe('3');
    expect(await screen.findByRole('group', { name: 'المعلم' })).toHaveTextContent('ليلى المعلمة');
  });

  it('shows a request with the tutor’s ledger and the update the tutor asked for', async () => {
    const { user, router } = renderAdmin({ path: '/invoices', signedInAs: superAdmin, handlers: handlers() });
    const dialog = await openDetails(user, 'ليلى المعلمة', 41);
    expect(currentLocation(router)).toBe('/invoices?invoice=41');
    const ledger = within(dialog.getByRole('region', { name: 'رصيد المعلم' }));
    await waitFor(() =>
      expect(ledger.getByText('المتاح للسحب').nextSibling).toHaveTextContent(plain(1_500_00)),
    );
    expect(ledger.getByText('إجمالي الأرباح').nextSibling).toHaveTextContent(plain(3_000_00));
    expect(dialog.getByText('01012345678')).toBeInTheDocument();
    const asked = dialog.getByText('التعديل الذي طلبه المعلم').nextSibling as HTMLElement;
    expect(asked).toHaveTextContent('بنك الإسكندرية');
    expect(asked).toHaveTextContent('99990000111');
    expect(dialog.getByRole('link', { name: 'كل طلبات المعلم' })).toHaveAttribute(
      'href',
      '/invoices?tutorId=3',
    );
  });

  it.each([
    ['pending', pending, 'ليلى المعلمة', ['تأكيد التحويل', 'رفض الطلب', 'إلغاء الطلب']],
    ['updated-by-receiver', updated, 'ليلى المعلمة', ['اعتماد التعديل', 'رفض الطلب', 'إلغاء الطلب']],
    ['canceled-by-receiver', cancelAsked, 'عمر المعلم', ['الموافقة على الإلغاء', 'رفض الإلغاء']],
    ['fulfilled', fulfilled, 'ليلى المعلمة', ['تعديل الملاحظة']],
  ] as const)(
    'offers exactly the staff moves of the table for a %s request',
    async (_status, invoice, name, expected) => {
      const { user } = renderAdmin({
        path: '/invoices',
        signedInAs: regularAdmin,
        handlers: handlers({ list: () => [invoice] }),
      });
      const dialog = await openDetails(user, name, invoice.id);
      const actions = within(dialog.getByRole('region', { name: 'الإجراءات' }));
      const labels = actions
        .getAllByRole('button')
        .map((button) => button.textContent)
        .filter((label) => !['صفحة المعلم', 'كل طلبات المعلم'].includes(label ?? ''));
      expect(labels).toEqual(expected);
    },
  );

  it('approves an update with the status shown, and the details show the answer', async () => {
    const { user } = renderAdmin({
      path: '/invoices',
      signedInAs: superAdmin,
      xhr: FakeXhr,
      handlers: handlers({ list: () => [updated] }),
    });
    const dialog = await openDetails(user, 'ليلى المعلمة', 41);
    await user.click(dialog.getByRole('button', { name: 'اعتماد التعديل' }));
    const form = within(await screen.findByRole('dialog', { name: 'اعتماد تعديل بيانات الاستلام؟' }));
    await user.type(form.getByRole('textbox', { name: 'ملاحظة للمعلم (اختياري)' }), 'تم تحديث الحساب.');
    await user.click(form.getByRole('button', { name: 'اعتماد التعديل' }));

    const xhr = FakeXhr.last();
    expect(xhr.method).toBe('PUT');
    expect(new URL(xhr.url).pathname).toBe('/api/v1/invoice/admin/41');
    expect(xhr.sent?.get('status')).toBe('pending');
    expect(xhr.sent?.get('expectedStatus')).toBe('updated-by-receiver');
    expect(xhr.sent?.get('note')).toBe('تم تحديث الحساب.');
    expect(xhr.sent?.has('receipt')).toBe(false);
    act(() =>
      xhr.respond(200, {
        ...updated,
        status: InvoiceStatus.Pending,
        details: updated.requestedDetails,
        requestedDetails: null,
        note: 'تم تحديث الحساب.',
        updatedAt: '2026-01-12T08:00:00.000Z',
      }),
    );
    expect(await screen.findByText('اعتُمد التعديل.')).toBeInTheDocument();
    const details = within(await screen.findByRole('dialog', { name: 'طلب سحب ليلى المعلمة' }));
    expect(details.getByText('99990000111')).toBeInTheDocument();
    expect(details.queryByText('التعديل الذي طلبه المعلم')).not.toBeInTheDocument();
    expect(details.getByRole('button', { name: 'تأكيد التحويل' })).toBeInTheDocument();
    // The focus is on the details' title, and the dialog closes again (it is no longer busy).
    expect(details.getByRole('heading', { name: 'طلب سحب ليلى المعلمة' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('an action opens with the focus on its first field, and "back" returns it to the action’s button', async () => {
    const { user } = renderAdmin({
      path: '/invoices',
      signedInAs: superAdmin,
      xhr: FakeXhr,
      handlers: handlers({ list: () => [updated] }),
    });
    const dialog = await openDetails(user, 'ليلى المعلمة', 41);
    await user.click(dialog.getByRole('button', { name: 'اعتماد التعديل' }));
    const form = within(await screen.findByRole('dialog', { name: 'اعتماد تعديل بيانات الاستلام؟' }));
    expect(form.getByRole('textbox', { name: 'ملاحظة للمعلم (اختياري)' })).toHaveFocus();
    await user.click(form.getByRole('button', { name: 'رجوع' }));
    const details = within(await screen.findByRole('dialog', { name: 'طلب سحب ليلى المعلمة' }));
    await waitFor(() => expect(details.getByRole('button', { name: 'اعتماد التعديل' })).toHaveFocus());
  });

  it('fulfils only with a receipt, showing the upload’s progress', async () => {
    const { user } = renderAdmin({
      path: '/invoices',
      signedInAs: superAdmin,
      xhr: FakeXhr,
      handlers: handlers({ list: () => [pending] }),
    });
    const dialog = await openDetails(user, 'ليلى المعلمة', 40);
    await user.click(dialog.getByRole('button', { name: 'تأكيد التحويل' }));
    const form = within(await screen.findByRole('dialog', { name: 'تأكيد تنفيذ التحويل' }));
    await user.click(form.getByRole('button', { name: 'تأكيد التحويل' }));
    expect(await form.findByText('أرفق صورة إيصال التحويل لتأكيد تنفيذ الطلب.')).toBeInTheDocument();
    expect(FakeXhr.all).toHaveLength(0);

    await user.upload(form.getByLabelText('صورة الإيصال'), receipt());
    expect(form.getByRole('img', { name: 'معاينة الإيصال المختار' })).toHaveAttribute(
      'src',
      'blob:local-preview',
    );
    await user.click(form.getByRole('button', { name: 'تأكيد التحويل' }));
    const bar = form.getByRole('progressbar', { name: 'جارٍ رفع الإيصال' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    const xhr = FakeXhr.last();
    expect(xhr.sent?.get('status')).toBe('fulfilled');
    expect(xhr.sent?.get('expectedStatus')).toBe('pending');
    expect(xhr.sent?.get('receipt')).toBeInstanceOf(File);
    expect(xhr.sent?.has('note')).toBe(false);
    act(() => xhr.progress(40, 100));
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(bar).toHaveAttribute('aria-valuetext', '٤٠٪');
    act(() =>
      xhr.respond(200, {
        ...pending,
        status: InvoiceStatus.Fulfilled,
        receipt: 'http://api.test/assets/receipts/new.png',
        updatedAt: '2026-01-12T08:00:00.000Z',
      }),
    );
    expect(await screen.findByText('سُجّل التحويل وأُرسل الإيصال إلى المعلم.')).toBeInTheDocument();
    const details = within(await screen.findByRole('dialog', { name: 'طلب سحب ليلى المعلمة' }));
    expect(details.getByRole('button', { name: /^عرض الإيصال/ })).toBeInTheDocument();
    expect(details.getByRole('button', { name: 'تعديل الملاحظة' })).toBeInTheDocument();
  });

  it('stops a receipt upload on request and leaves the request as it was', async () => {
    const { user } = renderAdmin({
      path: '/invoices',
      signedInAs: superAdmin,
      xhr: FakeXhr,
      handlers: handlers({ list: () => [pending] }),
    });
    const dialog = await openDetails(user, 'ليلى المعلمة', 40);
    await user.click(dialog.getByRole('button', { name: 'تأكيد التحويل' }));
    const form = within(await screen.findByRole('dialog', { name: 'تأكيد تنفيذ التحويل' }));
    await user.upload(form.getByLabelText('صورة الإيصال'), receipt());
    await user.click(form.getByRole('button', { name: 'تأكيد التحويل' }));
    act(() => FakeXhr.last().progress(25, 100));
    await user.click(form.getByRole('button', { name: 'إيقاف الرفع' }));
    expect(FakeXhr.last().aborted).toBe(true);
    expect(await screen.findByText('أُوقف الرفع، ولم يتغير الطلب.')).toBeInTheDocument();
    await waitFor(() => expect(form.queryByRole('progressbar')).not.toBeInTheDocument());
  });

  it('refuses a picture the server would refuse before sending it', async () => {
    const { user } = renderAdmin({
      path: '/invoices',
      signedInAs: superAdmin,
      xhr: FakeXhr,
      handlers: handlers({ list: () => [pending] }),
    });
    const dialog = await openDetails(user, 'ليلى المعلمة', 40);
    await user.click(dialog.getByRole('button', { name: 'تأكيد التحويل' }));
    const form = within(await screen.findByRole('dialog', { name: 'تأكيد تنفيذ التحويل' }));
    const pdf = new File(['%PDF'], 'receipt.pdf', { type: 'application/pdf' });
    // Past the picker's filter (a drop, "all files"): the type is checked again before sending.
    fireEvent.change(form.getByLabelText('صورة الإيصال'), { target: { files: [pdf] } });
    expect(await form.findByText('نوع الملف غير مدعوم. اختر ملفًا بصيغة أخرى.')).toBeInTheDocument();
    expect(FakeXhr.all).toHaveLength(0);
  });

  it('rejects only with a note, and shows a refusal of the server in Arabic', async () => {
    const { user } = renderAdmin({
      path: '/invoices',
      signedInAs: regularAdmin,
      xhr: FakeXhr,
      handlers: handlers({ list: () => [pending] }),
    });
    const dialog = await openDetails(user, 'ليلى المعلمة', 40);
    await user.click(dialog.getByRole('button', { name: 'رفض الطلب' }));
    const form = within(await screen.findByRole('dialog', { name: 'رفض طلب السحب؟' }));
    await user.click(form.getByRole('button', { name: 'رفض الطلب' }));
    expect(await form.findByText('اكتب ملاحظة.')).toBeInTheDocument();
    expect(FakeXhr.all).toHaveLength(0);
    const note = form.getByRole('textbox', { name: 'سبب الرفض' });
    expect(note).toHaveFocus();
    await user.type(note, '<b>لا</b>');
    expect(await form.findByText('تحتوي الملاحظة على تنسيق غير مسموح به.')).toBeInTheDocument();
    await user.clear(note);
    await user.type(note, 'رقم إنستاباي غير صحيح.');
    await user.click(form.getByRole('button', { name: 'رفض الطلب' }));
    const xhr = FakeXhr.last();
    expect(xhr.sent?.get('status')).toBe('rejected');
    expect(xhr.sent?.get('note')).toBe('رقم إنستاباي غير صحيح.');
    // Someone moved it meanwhile: the table's refusal, in Arabic, and nothing changes.
    act(() => xhr.respond(409, { code: 'illegal-invoice-update', message: 'moved' }));
    expect(
      await form.findByText('لا يمكن تنفيذ هذا التغيير على طلب السحب في حالته الحالية.'),
    ).toBeInTheDocument();
  });

  it('edits the note of a final request, and a blank note removes it', async () => {
    const { user } = renderAdmin({
      path: '/invoices',
      signedInAs: superAdmin,
      xhr: FakeXhr,
      handlers: handlers({ list: () => [fulfilled] }),
    });
    const dialog = await openDetails(user, 'ليلى المعلمة', 43);
    expect(dialog.getByText('حُوّل صباح الخميس.')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'تعديل الملاحظة' }));
    const form = within(await screen.findByRole('dialog', { name: 'ملاحظة الإدارة' }));
    const note = form.getByRole('textbox', { name: 'ملاحظة للمعلم' });
    expect(note).toHaveValue('حُوّل صباح الخميس.');
    await user.clear(note);
    await user.click(form.getByRole('button', { name: 'تعديل الملاحظة' }));
    const xhr = FakeXhr.last();
    expect(xhr.sent?.has('status')).toBe(false);
    expect(xhr.sent?.get('note')).toBe('');
    expect(xhr.sent?.get('expectedStatus')).toBe('fulfilled');
  });

  it('follows the AdminInvoices channel: new requests appear with a toast', async () => {
    const socket = new FakeSocket();
    let list = [pending];
    renderAdmin({
      path: '/invoices',
      signedInAs: superAdmin,
      socket,
      handlers: handlers({ list: () => list }),
    });
    expect(within(await table()).getAllByRole('row')).toHaveLength(2);
    await waitFor(() => expect(socket.listenerCount(ADMIN_INVOICES_CHANNEL)).toBe(1));

    const created = makeInvoice({
      id: 50,
      userId: omar.id,
      receiver: { id: omar.id, name: omar.name, image: null, email: omar.email },
    });
    list = [created, pending];
    act(() => socket.fire(ADMIN_INVOICES_CHANNEL, invoiceEvent(created, InvoiceEventAction.Created, null)));
    expect(await screen.findByText('طلب سحب جديد من عمر المعلم.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(3));

    // This admin's own move raises no toast here (its dialog already said so).
    const mine = {
      ...pending,
      status: InvoiceStatus.Rejected,
      addressedBy: { id: 1, name: 'سارة المدير', image: null },
    };
    list = [created, mine];
    act(() => socket.fire(ADMIN_INVOICES_CHANNEL, invoiceEvent(mine)));
    await waitFor(() => expect(screen.getAllByText('مرفوض').length).toBeGreaterThan(0));
    expect(screen.queryByText('طلب سحب ليلى المعلمة: مرفوض.')).not.toBeInTheDocument();
  });

  it('edits a withdraw method’s limits and flag, checked as typed', async () => {
    const { api, user } = renderAdmin({
      path: '/invoices?tab=methods',
      signedInAs: superAdmin,
      handlers: [
        ...handlers(),
        {
          method: 'PUT',
          path: '/api/v1/withdraw-method/3',
          answer: ({ body }) => ({ body: { ...makeMethods()[2], ...(body as object) } }),
        },
      ],
    });
    const card = within(await screen.findByRole('region', { name: 'إنستاباي' }, LOAD));
    const min = card.getByRole('textbox', { name: 'الحد الأدنى' });
    const max = card.getByRole('textbox', { name: 'الحد الأقصى' });
    expect(min).toHaveValue('100');
    expect(max).toHaveValue('50000');
    await user.clear(min);
    await user.type(min, '60000');
    expect(await card.findByText('الحد الأدنى للسحب يجب ألا يزيد على الحد الأقصى.')).toBeInTheDocument();
    await user.clear(min);
    await user.type(min, '٢٠٠');
    await waitFor(() => expect(card.queryByText(/الحد الأدنى للسحب يجب/)).not.toBeInTheDocument());
    await user.click(card.getByRole('switch', { name: /متاحة للمعلمين/ }));
    await user.click(card.getByRole('button', { name: 'حفظ إنستاباي' }));
    await waitFor(() => expect(api.calls('PUT', '/api/v1/withdraw-method/3')).toHaveLength(1));
    expect(api.calls('PUT', '/api/v1/withdraw-method/3')[0]?.body).toEqual({ min: 200_00, enabled: false });
    expect(await screen.findByText('حُفظت إعدادات إنستاباي.')).toBeInTheDocument();
  });
});
