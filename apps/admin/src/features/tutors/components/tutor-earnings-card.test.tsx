import '../../../test/setup.ts';
import { InvoiceStatus, Role, WithdrawMethodType } from '@hiwar/domain';
import { formatMoney } from '@hiwar/ui';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FakeHandler } from '../../../test/fake-api.ts';
import { makeTutorMeta, regularAdmin, tutorManager } from '../../../test/fixtures.ts';
import { makeInvoice, makeStats } from '../../../test/invoice-fixtures.ts';
import { renderAdmin } from '../../../test/render-admin.tsx';

/** The first screen of a test loads a lazy route chunk: slow on a busy machine. */
const LOAD = { timeout: 10_000 };
const TUTOR_ID = 3;
const plain = (piasters: number) => formatMoney(piasters).replace(/\u00a0/g, ' ');

const invoices = [
  makeInvoice(),
  makeInvoice({
    id: 39,
    amount: 500_00,
    status: InvoiceStatus.Fulfilled,
    details: { method: WithdrawMethodType.Wallet, phone: '01012345678' },
  }),
];

/** The tutor page's own calls, the ledger and the invoices; anything else answers 404. */
const handlers: FakeHandler[] = [
  {
    method: 'GET',
    path: `/api/v1/user/tutor/info/${TUTOR_ID}`,
    answer: () => ({
      body: {
        id: TUTOR_ID,
        role: Role.Tutor,
        name: 'ليلى المعلمة',
        image: null,
        gender: 'female',
        bio: null,
        about: null,
        topics: [],
        rating: 0,
        ratingCount: 0,
        lessonCount: 0,
        studentCount: 0,
        notice: 14,
        video: null,
        thumbnail: null,
        nextAvailableAt: null,
        listed: false,
      },
    }),
  },
  { method: 'GET', path: `/api/v1/user/tutor/meta/${TUTOR_ID}`, answer: () => ({ body: makeTutorMeta() }) },
  { method: 'GET', path: `/api/v1/invoice/stats/${TUTOR_ID}`, answer: () => ({ body: makeStats() }) },
  {
    method: 'GET',
    path: '/api/v1/invoice/list',
    answer: () => ({ body: { list: invoices, total: invoices.length } }),
  },
];

describe('admin /tutor/{id}: earnings and withdrawals', () => {
  it('shows the tutor’s ledger and latest requests, each leading to the invoices screen', async () => {
    const { api } = renderAdmin({ path: `/tutor/${TUTOR_ID}`, signedInAs: regularAdmin, handlers });
    const card = within(await screen.findByRole('region', { name: 'الأرباح والسحب' }, LOAD));
    await waitFor(() =>
      expect(card.getByText('المتاح للسحب').nextSibling).toHaveTextContent(plain(1_500_00)),
    );
    expect(card.getByText('تم سحبه').nextSibling).toHaveTextContent(plain(500_00));
    expect(card.getByRole('link', { name: 'كل طلبات السحب' })).toHaveAttribute('href', '/invoices?tutorId=3');
    const recent = within(await card.findByRole('list', { name: 'آخر طلبات السحب' }));
    const [first, second] = recent.getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('link')).toHaveAttribute('href', '/invoices?tutorId=3&invoice=40');
    expect(first).toHaveTextContent('قيد المراجعة');
    expect(second).toHaveTextContent('تم التحويل');
    expect(second).toHaveTextContent('محفظة إلكترونية');
    const query = api.calls('GET', '/api/v1/invoice/list').at(-1)?.url.searchParams;
    expect(query?.get('tutorId')).toBe('3');
    expect(query?.get('size')).toBe('5');
  });

  it('is not shown to a TutorManager, who does not handle withdrawals', async () => {
    const { api } = renderAdmin({ path: `/tutor/${TUTOR_ID}`, signedInAs: tutorManager, handlers });
    expect(await screen.findByRole('heading', { level: 1, name: 'ليلى المعلمة' }, LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'الأرباح والسحب' })).not.toBeInTheDocument();
    expect(api.calls('GET', `/api/v1/invoice/stats/${TUTOR_ID}`)).toHaveLength(0);
  });
});
