import type { Invoice } from '@hiwar/domain';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../testing/accounts.ts';
import { createApiClient, type FetchLike } from '../api-client.ts';
import { fetchReceipt, findInvoices, updateInvoiceAsAdmin, updateInvoiceAsReceiver } from './invoices.ts';

const stamp = '2027-03-01T08:00:00.000Z';
const invoice: Invoice = {
  id: 7,
  userId: 12,
  receiver: { id: 12, name: 'منى', image: null, email: 'mona@hiwar.test' },
  amount: 300_00,
  status: 'pending',
  details: { method: 'wallet', phone: '01012345678' },
  requestedDetails: null,
  note: null,
  receipt: null,
  addressedBy: null,
  expectedPayout: { earliest: '2027-03-07', latest: '2027-03-08' },
  createdAt: stamp,
  updatedAt: stamp,
};

function setup(answer: (url: URL, init: RequestInit) => Response) {
  const fetch = vi.fn<FetchLike>(async (url, init) => answer(new URL(String(url)), init));
  const client = createApiClient({ baseUrl: 'https://api.example', fetch, createXhr: null });
  const calls = () => fetch.mock.calls.map(([url, init]) => ({ url: new URL(String(url)), init }));
  return { client, calls };
}

describe('invoices endpoints', () => {
  it('lists invoices with several statuses as one comma-separated filter', async () => {
    const { client, calls } = setup(() => jsonResponse(200, { list: [invoice], total: 1 }));
    const page = await findInvoices(client, { status: ['pending', 'updated-by-receiver'], tutorId: 12 });
    expect(page.list[0]?.id).toBe(7);
    expect(calls()[0]?.url.searchParams.get('status')).toBe('pending,updated-by-receiver');
    expect(calls()[0]?.url.searchParams.get('tutorId')).toBe('12');
  });

  it('sends the staff update as multipart with the receipt, reporting progress', async () => {
    const { client, calls } = setup(() => jsonResponse(200, { ...invoice, status: 'fulfilled' }));
    const progress: number[] = [];
    const receipt = new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' });
    const result = await updateInvoiceAsAdmin(
      client,
      7,
      { status: 'fulfilled', note: null, receipt, expectedStatus: 'pending' },
      { onProgress: (percent) => progress.push(percent) },
    );
    expect(result.status).toBe('fulfilled');
    const [call] = calls();
    expect(call?.init.method).toBe('PUT');
    expect(call?.url.pathname).toBe('/api/v1/invoice/admin/7');
    const body = call?.init.body as FormData;
    expect(body.get('status')).toBe('fulfilled');
    expect(body.get('note')).toBe('');
    expect(body.get('expectedStatus')).toBe('pending');
    expect(body.get('receipt')).toBeInstanceOf(Blob);
    expect(progress).toEqual([100]);
  });

  it('asks to cancel as the receiver with JSON', async () => {
    const { client, calls } = setup(() => jsonResponse(200, { ...invoice, status: 'canceled-by-receiver' }));
    await updateInvoiceAsReceiver(client, 7, { status: 'canceled-by-receiver', expectedStatus: 'pending' });
    expect(JSON.parse(String(calls()[0]?.init.body))).toEqual({
      status: 'canceled-by-receiver',
      expectedStatus: 'pending',
    });
  });

  it('fetches a receipt by its path, with the token', async () => {
    const { client, calls } = setup(() => new Response(new Blob(['jpeg']), { status: 200 }));
    const blob = await fetchReceipt(client, 'https://web.example/assets/receipts/abc.jpg');
    expect(blob).toBeInstanceOf(Blob);
    expect(calls()[0]?.url.toString()).toBe('https://api.example/assets/receipts/abc.jpg');
  });
});
