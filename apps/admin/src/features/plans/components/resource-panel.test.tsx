import '../../../test/setup.ts';
import type { Coupon } from '@hiwar/domain';
import { adminPaymentsMessages, messages, UiProvider } from '@hiwar/ui';
import { QueryClient, QueryClientProvider, useMutation, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TicketPercent } from 'lucide-react';
import { describe, expect, it, vi } from 'vitest';
import { makeCoupon } from '../../../test/fixtures.ts';
import { ResourcePanel, RowsSkeleton } from './resource-panel.tsx';
import { ResourceTable } from './resource-table.tsx';

// The panel is driven with the coupons tab's catalogue strings, so the test adds no UI text of its own.
const text = adminPaymentsMessages.coupons;

interface HarnessOptions {
  coupons?: Coupon[];
  canManage?: boolean;
  emptyOffersCreate?: boolean;
  isFiltered?: boolean;
  pageSize?: number;
  /** Fails the first load with this error. */
  failFirstLoad?: Error;
  onClear?: () => void;
}

/** The panel over a list kept in memory, with a real query and a real delete mutation. */
function renderPanel(options: HarnessOptions = {}) {
  let coupons = [...(options.coupons ?? [])];
  const pageSize = options.pageSize ?? 10;
  let failure = options.failFirstLoad;
  const load = vi.fn(async (page: number) => {
    if (failure) {
      const error = failure;
      failure = undefined;
      throw error;
    }
    return { list: coupons.slice((page - 1) * pageSize, page * pageSize), total: coupons.length };
  });
  const removed = vi.fn((id: number) => {
    coupons = coupons.filter((coupon) => coupon.id !== id);
  });

  function Harness() {
    const query = useQuery({ queryKey: ['coupons'], queryFn: () => load(1), retry: false });
    const remove = useMutation({
      mutationFn: async (id: number) => {
        removed(id);
        return { ok: true as const };
      },
      onSuccess: () => query.refetch(),
    });
    return (
      <ResourcePanel
        query={query}
        text={text}
        canManage={options.canManage ?? true}
        createLabel={text.newCoupon}
        nameOf={(coupon) => coupon.code}
        remove={remove}
        deletedToastId="coupon-deleted"
        toolbar={null}
        skeleton={<RowsSkeleton cells={['h-4 w-28', 'h-4 w-10']} />}
        emptyIcon={<TicketPercent />}
        emptyOffersCreate={options.emptyOffersCreate}
        noMatches={
          options.isFiltered
            ? {
                title: text.noMatchesTitle,
                description: text.noMatchesBody,
                clearLabel: text.clearSearch,
                onClear: options.onClear ?? (() => undefined),
              }
            : null
        }
        pagination={{ label: text.pagination, page: 1, pageSize, onPageChange: () => undefined }}
        renderList={({ records, isStale, onEdit, onDelete }) => (
          <ResourceTable
            caption={text.table}
            records={records}
            columns={[
              { id: 'code', header: text.columns.code, cell: (coupon) => coupon.code },
              {
                id: 'uses',
                header: text.columns.usage,
                className: 'max-md:hidden',
                cell: (coupon) => coupon.uses,
              },
            ]}
            actions={
              options.canManage === false
                ? null
                : {
                    label: text.columns.actions,
                    cell: (coupon) => (
                      <>
                        <button type="button" onClick={() => onEdit(coupon)}>
                          {`${text.edit} ${coupon.code}`}
                        </button>
                        <button type="button" onClick={() => onDelete(coupon)}>
                          {`${text.delete} ${coupon.code}`}
                        </button>
                      </>
                    ),
                  }
            }
            isStale={isStale}
          />
        )}
        renderForm={({ open, record }) =>
          open ? <p role="status">{record ? record.code : text.newCoupon}</p> : null
        }
      />
    );
  }

  const queryClient = new QueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <UiProvider>
        <Harness />
      </UiProvider>
    </QueryClientProvider>,
  );
  return { load, removed, user: userEvent.setup() };
}

const welcome = makeCoupon();
const old = makeCoupon({ id: 2, code: 'OLD-10', uses: 7 });

describe('resource panel', () => {
  it('shows pulsing rows while the list loads, then a table whose first column names each row', async () => {
    renderPanel({ coupons: [welcome, old] });
    expect(screen.getByText(messages.common.loading)).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: text.table });
    expect(within(table).getByRole('rowheader', { name: 'OLD-10' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: text.columns.usage })).toHaveClass(
      'max-md:hidden',
    );
    expect(within(table).getByRole('cell', { name: '7' })).toHaveClass('max-md:hidden');
    expect(within(table).getByRole('columnheader', { name: text.columns.actions })).toBeInTheDocument();
    expect(screen.queryByText(messages.common.loading)).not.toBeInTheDocument();
  });

  it('is read-only without the right to manage: no create button, no actions column', async () => {
    renderPanel({ coupons: [welcome], canManage: false });
    const table = await screen.findByRole('table', { name: text.table });
    expect(within(table).getAllByRole('columnheader')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: text.newCoupon })).not.toBeInTheDocument();
  });

  it('explains an empty list, for a manager with the create button when the tab asks for it', async () => {
    const { user } = renderPanel({ emptyOffersCreate: true });
    expect(await screen.findByText(text.emptyTitle)).toBeInTheDocument();
    expect(screen.getByText(text.emptyBody)).toBeInTheDocument();
    const buttons = screen.getAllByRole('button', { name: text.newCoupon });
    expect(buttons).toHaveLength(2);

    await user.click(buttons[1] as HTMLElement);
    expect(screen.getByRole('status')).toHaveTextContent(text.newCoupon);
  });

  it('tells a read-only viewer that the list fills in later', async () => {
    renderPanel({ canManage: false, emptyOffersCreate: true });
    expect(await screen.findByText(text.emptyBodyReadOnly)).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('with a search on, an empty list says nothing matched and offers to clear it', async () => {
    const onClear = vi.fn();
    const { user } = renderPanel({ isFiltered: true, onClear });
    expect(await screen.findByText(text.noMatchesTitle)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: text.clearSearch }));
    expect(onClear).toHaveBeenCalledOnce();
  });

  it('shows a failed load in Arabic with a retry that loads the list again', async () => {
    const { user, load } = renderPanel({
      coupons: [welcome],
      failFirstLoad: Object.assign(new Error('down'), { code: 'unexpected' }),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(text.errorTitle);
    await user.click(within(alert).getByRole('button', { name: messages.common.retry }));
    expect(await screen.findByRole('table', { name: text.table })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('pages the list past the page size', async () => {
    renderPanel({ coupons: [welcome, old], pageSize: 1 });
    await screen.findByRole('table', { name: text.table });
    expect(screen.getByRole('navigation', { name: text.pagination })).toBeInTheDocument();
  });

  it('opens the form with the record to edit', async () => {
    const { user } = renderPanel({ coupons: [welcome, old] });
    await user.click(await screen.findByRole('button', { name: `${text.edit} OLD-10` }));
    expect(screen.getByRole('status')).toHaveTextContent('OLD-10');
  });

  it('deletes a record after confirming, names it in the toast and refetches the list', async () => {
    const { user, removed, load } = renderPanel({ coupons: [welcome, old] });
    await user.click(await screen.findByRole('button', { name: `${text.delete} OLD-10` }));
    const dialog = await screen.findByRole('dialog', { name: text.deleteTitle('OLD-10') });
    expect(dialog).toHaveTextContent(text.deleteBody);
    await user.click(within(dialog).getByRole('button', { name: text.deleteConfirm }));

    expect(await screen.findByText(text.deleted('OLD-10'))).toBeInTheDocument();
    expect(removed).toHaveBeenCalledWith(2);
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'OLD-10' })).not.toBeInTheDocument());
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the record when cancelled', async () => {
    const { user, removed } = renderPanel({ coupons: [welcome] });
    await user.click(await screen.findByRole('button', { name: `${text.delete} WELCOME-20` }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: messages.common.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(removed).not.toHaveBeenCalled();
  });
});
