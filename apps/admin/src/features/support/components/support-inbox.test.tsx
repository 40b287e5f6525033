import '../../../test/setup.ts';
import { type ContactRequest, type Report, type ReportReply, Role } from '@hiwar/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeHandler, RecordedRequest } from '../../../test/fake-api.ts';
import { FakeSocket } from '../../../test/fake-socket.ts';
import { regularAdmin, superAdmin, tutorManager } from '../../../test/fixtures.ts';
import { currentLocation, renderAdmin } from '../../../test/render-admin.tsx';

const LOAD = { timeout: 10_000 };
const STAMP = '2027-03-01T08:00:00.000Z';

function makeReport(overrides: Partial<Report> = {}): Report {
  return {
    id: 7,
    userId: 12,
    reporter: { id: 12, name: 'يوسف طارق', image: null, email: 'yousef@hiwar.test', role: Role.Student },
    title: 'الصوت ينقطع في الدرس',
    description: 'الصوت ينقطع كل دقيقة تقريبًا ثم يعود.',
    lessonId: 50,
    lessonStart: STAMP,
    screenshot: 'http://api.test/assets/reports/abcdef.jpg',
    resolved: false,
    resolvedAt: null,
    resolvedBy: null,
    replyCount: 1,
    hasStaffReply: false,
    lastReplyAt: STAMP,
    createdAt: STAMP,
    updatedAt: STAMP,
    ...overrides,
  };
}

function makeReply(overrides: Partial<ReportReply> = {}): ReportReply {
  return {
    id: 30,
    reportId: 7,
    author: { id: 12, name: 'يوسف طارق', image: null, role: Role.Student },
    fromStaff: false,
    text: 'يحدث ذلك على الهاتف فقط.',
    createdAt: STAMP,
    updatedAt: STAMP,
    ...overrides,
  };
}

function makeContactRequest(overrides: Partial<ContactRequest> = {}): ContactRequest {
  return {
    id: 3,
    name: 'سارة أحمد',
    phone: '01012345678',
    email: null,
    title: 'سؤال عن خطط العائلات',
    message: 'هل توجد خطة تسمح لأخوين بالاشتراك معًا؟',
    handled: false,
    handledAt: null,
    handledBy: null,
    createdAt: STAMP,
    ...overrides,
  };
}

/** The reports API over `state`. */
function reportHandlers(state: { reports: Report[]; replies: ReportReply[] }): FakeHandler[] {
  return [
    {
      method: 'GET',
      path: '/api/v1/report/list',
      answer: () => ({
        body: {
          list: state.reports,
          total: state.reports.length,
          unresolved: state.reports.filter((report) => !report.resolved).length,
        },
      }),
    },
    {
      method: 'GET',
      path: /^\/api\/v1\/report\/\d+$/,
      answer: ({ url }) => {
        const found = state.reports.find((report) => url.pathname.endsWith(`/${report.id}`));
        return found ? { body: found } : { status: 404, body: { code: 'report-not-found' } };
      },
    },
    {
      method: 'PUT',
      path: /^\/api\/v1\/report\/\d+$/,
      answer: ({ url, body }) => {
        const found = state.reports.find((report) => url.pathname.endsWith(`/${report.id}`))!;
        const resolved = (body as { resolved: boolean }).resolved;
        Object.assign(found, {
          resolved,
          resolvedAt: resolved ? STAMP : null,
          resolvedBy: resolved ? { id: regularAdmin.id, name: regularAdmin.name, image: null } : null,
        });
        return { body: found };
      },
    },
    {
      method: 'DELETE',
      path: /^\/api\/v1\/report\/\d+$/,
      answer: ({ url }) => {
        state.reports = state.reports.filter((report) => !url.pathname.endsWith(`/${report.id}`));
        return { body: { ok: true } };
      },
    },
    {
      method: 'GET',
      path: /^\/api\/v1\/report\/reply\/report\/\d+$/,
      answer: ({ url }) => {
        const list = state.replies.filter((reply) => url.pathname.endsWith(`/${reply.reportId}`));
        return { body: { list, total: list.length } };
      },
    },
    {
      method: 'POST',
      path: '/api/v1/report/reply',
      answer: ({ body }) => {
        const { reportId, text } = body as { reportId: number; text: string };
        const reply = makeReply({
          id: 100 + state.replies.length,
          reportId,
          text,
          fromStaff: true,
          author: { id: regularAdmin.id, name: regularAdmin.name, image: null, role: Role.RegularAdmin },
        });
        state.replies.push(reply);
        return { body: reply };
      },
    },
    {
      method: 'GET',
      path: /^\/assets\/reports\//,
      answer: () => ({ body: 'jpeg-bytes' }),
    },
  ];
}

const lastListQuery = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.url.pathname === '/api/v1/report/list').at(-1)?.url.searchParams;

beforeEach(() => {
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:screenshot');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('admin /reports', { timeout: 30_000 }, () => {
  it('lists open reports first, filters in the address, and counts them in the sidebar', async () => {
    const state = {
      reports: [
        makeReport(),
        makeReport({ id: 8, title: 'مشكلة في الدفع', screenshot: null, lessonStart: null }),
      ],
      replies: [],
    };
    const { api, user, router } = renderAdmin({
      path: '/reports',
      signedInAs: regularAdmin,
      handlers: reportHandlers(state),
    });
    const table = await screen.findByRole('table', { name: 'البلاغات' }, LOAD);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('الصوت ينقطع في الدرس');
    expect(rows[0]).toHaveTextContent('يوسف طارق');
    expect(rows[0]).toHaveTextContent('مفتوح');
    expect(
      within(rows[0] as HTMLElement).getByRole('img', { name: 'لقطة الشاشة المرفقة' }),
    ).toBeInTheDocument();
    expect(lastListQuery(api.requests)?.get('resolved')).toBe('false');

    const sidebar = screen.getAllByRole('navigation', { name: 'قائمة الإدارة' })[0] as HTMLElement;
    await waitFor(() =>
      expect(within(sidebar).getByRole('link', { name: /البلاغات/ })).toHaveTextContent('بلاغان مفتوحة'),
    );

    const filters = screen.getByRole('search', { name: 'تصفية البلاغات' });
    await user.selectOptions(within(filters).getByLabelText('الحالة'), 'كل البلاغات');
    await waitFor(() => expect(lastListQuery(api.requests)?.has('resolved')).toBe(false));
    expect(currentLocation(router)).toBe('/reports?status=all');
    await user.type(within(filters).getByLabelText('من تاريخ'), '2027-03-01');
    await waitFor(() => expect(lastListQuery(api.requests)?.get('from')).toBe('2027-02-28T22:00:00.000Z'));
  });

  it('opens a report: screenshot, conversation, reply, resolve; no delete for a RegularAdmin', async () => {
    const state = { reports: [makeReport()], replies: [makeReply()] };
    const { api, user } = renderAdmin({
      path: '/reports',
      signedInAs: regularAdmin,
      handlers: reportHandlers(state),
    });
    await user.click(await screen.findByRole('button', { name: 'عرض البلاغ: الصوت ينقطع في الدرس' }, LOAD));
    const dialog = within(await screen.findByRole('dialog', { name: 'تفاصيل البلاغ' }));
    expect(
      await dialog.findByRole('img', { name: 'لقطة شاشة مرفقة بالبلاغ: الصوت ينقطع في الدرس' }),
    ).toHaveAttribute('src', 'blob:screenshot');
    expect(await dialog.findByText('يحدث ذلك على الهاتف فقط.')).toBeInTheDocument();
    expect(dialog.getByRole('link', { name: 'يوسف طارق' })).toHaveAttribute('href', '/user/12');
    expect(dialog.queryByRole('button', { name: 'حذف البلاغ' })).not.toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'إرسال الرد' }));
    expect(await dialog.findByText('النص قصير جدًا.')).toBeInTheDocument();
    await user.type(dialog.getByLabelText('ردّك'), 'جرّب تحديث المتصفح ثم أخبرنا.');
    await user.click(dialog.getByRole('button', { name: 'إرسال الرد' }));
    expect(await dialog.findByText('جرّب تحديث المتصفح ثم أخبرنا.')).toBeInTheDocument();
    expect(api.calls('POST', '/api/v1/report/reply')[0]?.body).toEqual({
      reportId: 7,
      text: 'جرّب تحديث المتصفح ثم أخبرنا.',
    });

    await user.click(dialog.getByRole('button', { name: 'تحديد كمحلول' }));
    expect(await screen.findByText('تم تحديد البلاغ كمحلول.')).toBeInTheDocument();
    expect(api.calls('PUT', /^\/api\/v1\/report\/7$/)[0]?.body).toEqual({ resolved: true });
    expect(await dialog.findByRole('button', { name: 'إعادة فتح' })).toBeInTheDocument();
  });

  it('lets a SuperAdmin delete a report after confirming', async () => {
    const state = { reports: [makeReport({ screenshot: null })], replies: [] as ReportReply[] };
    const { api, user, router } = renderAdmin({
      path: '/reports?report=7',
      signedInAs: superAdmin,
      handlers: reportHandlers(state),
    });
    const dialog = within(await screen.findByRole('dialog', { name: 'تفاصيل البلاغ' }, LOAD));
    await user.click(await dialog.findByRole('button', { name: 'حذف البلاغ' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'حذف هذا البلاغ؟' }));
    await user.click(confirm.getByRole('button', { name: 'حذف البلاغ' }));
    expect(await screen.findByText('تم حذف البلاغ.')).toBeInTheDocument();
    expect(api.calls('DELETE', /^\/api\/v1\/report\/7$/)).toHaveLength(1);
    await waitFor(() => expect(currentLocation(router)).toBe('/reports'));
  });

  it('shows a new report live, with a toast', async () => {
    const socket = new FakeSocket();
    const state = { reports: [] as Report[], replies: [] as ReportReply[] };
    renderAdmin({ path: '/reports', signedInAs: regularAdmin, handlers: reportHandlers(state), socket });
    expect(await screen.findByText('لا توجد بلاغات مطابقة', undefined, LOAD)).toBeInTheDocument();
    await waitFor(() => expect(socket.listenerCount('Reports')).toBeGreaterThan(0));
    const report = makeReport({ title: 'الكاميرا لا تعمل' });
    state.reports.push(report);
    act(() => {
      socket.fire('Reports', { action: 'created', report, reply: null, unresolved: 1, at: STAMP });
    });
    expect(await screen.findByText('بلاغ جديد: الكاميرا لا تعمل')).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'البلاغات' })).toHaveTextContent('الكاميرا لا تعمل');
  });

  it('is not offered to a TutorManager, who asks for no counts', async () => {
    const { api } = renderAdmin({ path: '/reports', signedInAs: tutorManager });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'لا تملك صلاحية فتح هذه الصفحة' }, LOAD),
    ).toBeInTheDocument();
    const sidebar = screen.getAllByRole('navigation', { name: 'قائمة الإدارة' })[0] as HTMLElement;
    expect(within(sidebar).queryByRole('link', { name: /البلاغات/ })).not.toBeInTheDocument();
    expect(api.calls('GET', '/api/v1/report/list')).toHaveLength(0);
    expect(api.calls('GET', '/api/v1/contact-request/list')).toHaveLength(0);
  });
});

describe('admin /contact-requests', { timeout: 30_000 }, () => {
  function contactHandlers(state: { requests: ContactRequest[] }): FakeHandler[] {
    return [
      {
        method: 'GET',
        path: '/api/v1/contact-request/list',
        answer: ({ url }) => {
          const handled = url.searchParams.get('handled');
          const list = state.requests.filter(
            (request) => handled === null || String(request.handled) === handled,
          );
          return {
            body: { list, total: list.length, unhandled: state.requests.filter((r) => !r.handled).length },
          };
        },
      },
      {
        method: 'PUT',
        path: /^\/api\/v1\/contact-request\/\d+$/,
        answer: ({ url, body }) => {
          const found = state.requests.find((request) => url.pathname.endsWith(`/${request.id}`))!;
          const handled = (body as { handled: boolean }).handled;
          Object.assign(found, {
            handled,
            handledAt: handled ? STAMP : null,
            handledBy: handled ? { id: 2, name: 'أحمد الإداري', image: null } : null,
          });
          return { body: found };
        },
      },
    ];
  }

  it('lists waiting requests with how to reach the sender, and marks one handled', async () => {
    const state = {
      requests: [
        makeContactRequest(),
        makeContactRequest({
          id: 4,
          title: 'طلب قديم',
          handled: true,
          handledAt: STAMP,
          email: 'old@example.com',
        }),
      ],
    };
    const { api, user } = renderAdmin({
      path: '/contact-requests',
      signedInAs: regularAdmin,
      handlers: contactHandlers(state),
    });
    const list = await screen.findByRole('list', { name: 'طلبات التواصل' }, LOAD);
    const cards = within(list).getAllByRole('article');
    expect(cards).toHaveLength(1);
    const card = within(cards[0] as HTMLElement);
    expect(card.getByRole('heading', { name: 'سؤال عن خطط العائلات' })).toBeInTheDocument();
    expect(card.getByRole('link', { name: /01012345678/ })).toHaveAttribute('href', 'tel:01012345678');
    expect(card.getByText('بانتظار الرد')).toBeInTheDocument();
    expect(api.calls('GET', '/api/v1/contact-request/list').at(-1)?.url.searchParams.get('handled')).toBe(
      'false',
    );

    await user.click(card.getByRole('button', { name: 'تحديد كمُعالَج' }));
    expect(await screen.findByText('تم تحديد الطلب كمُعالَج.')).toBeInTheDocument();
    expect(api.calls('PUT', /^\/api\/v1\/contact-request\/3$/)[0]?.body).toEqual({ handled: true });

    // Handled, it leaves the waiting list.
    expect(await screen.findByText('لا توجد طلبات تواصل مطابقة')).toBeInTheDocument();
    const filters = screen.getByRole('search', { name: 'تصفية طلبات التواصل' });
    await user.selectOptions(within(filters).getByLabelText('الحالة'), 'كل الطلبات');
    const all = await screen.findByRole('list', { name: 'طلبات التواصل' });
    await waitFor(() => expect(within(all).getAllByRole('article')).toHaveLength(2));
    expect(within(all).getByRole('link', { name: /old@example.com/ })).toHaveAttribute(
      'href',
      'mailto:old@example.com',
    );
    expect(within(all).getAllByText(/^عالجه أحمد الإداري/)).toHaveLength(1);
  });

  it('shows a new request live, with a toast', async () => {
    const socket = new FakeSocket();
    const state = { requests: [] as ContactRequest[] };
    renderAdmin({
      path: '/contact-requests',
      signedInAs: superAdmin,
      handlers: contactHandlers(state),
      socket,
    });
    expect(await screen.findByText('لا توجد طلبات تواصل مطابقة', undefined, LOAD)).toBeInTheDocument();
    await waitFor(() => expect(socket.listenerCount('ContactRequests')).toBeGreaterThan(0));
    const request = makeContactRequest({ title: 'سؤال عن الدفع بفوري' });
    state.requests.push(request);
    act(() => {
      socket.fire('ContactRequests', { action: 'created', contactRequest: request, unhandled: 1, at: STAMP });
    });
    expect(await screen.findByText('طلب تواصل جديد: سؤال عن الدفع بفوري')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'سؤال عن الدفع بفوري' })).toBeInTheDocument();
  });
});
