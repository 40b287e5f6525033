import { beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient, getPageSize, PAGE_SIZE_STORAGE_KEY } from './query-client.ts';

beforeEach(() => {
  localStorage.clear();
});

describe('createQueryClient', () => {
  it('retries queries once and never retries mutations', () => {
    const defaults = createQueryClient().getDefaultOptions();

    expect(defaults.queries?.retry).toBe(1);
    expect(defaults.mutations?.retry).toBe(false);
  });

  it('lets the caller override a default without losing the others', () => {
    const defaults = createQueryClient({
      defaultOptions: { queries: { staleTime: 5000 } },
    }).getDefaultOptions();

    expect(defaults.queries).toMatchObject({ retry: 1, staleTime: 5000 });
  });

  it('fails a query after exactly one retry', async () => {
    const client = createQueryClient({ defaultOptions: { queries: { retryDelay: 0 } } });
    let calls = 0;

    await expect(
      client.fetchQuery({
        queryKey: ['failing'],
        queryFn: () => {
          calls += 1;
          return Promise.reject(new Error('down'));
        },
        retry: client.getDefaultOptions().queries?.retry,
      }),
    ).rejects.toThrow('down');
    expect(calls).toBe(2);
  });
});

describe('getPageSize', () => {
  it('defaults to 10', () => {
    expect(getPageSize()).toBe(10);
  });

  it('uses a numeric value stored under config::page-size', () => {
    localStorage.setItem(PAGE_SIZE_STORAGE_KEY, '20');
    expect(getPageSize()).toBe(20);

    localStorage.setItem(PAGE_SIZE_STORAGE_KEY, JSON.stringify('25'));
    expect(getPageSize()).toBe(25);
  });

  it('ignores values that are not positive whole numbers', () => {
    for (const value of ['abc', '0', '-5', '2.5', '""', 'null', '{"size":20}']) {
      localStorage.setItem(PAGE_SIZE_STORAGE_KEY, value);
      expect(getPageSize(), value).toBe(10);
    }
  });

  it('caps an override at the server maximum of 100', () => {
    localStorage.setItem(PAGE_SIZE_STORAGE_KEY, '500');
    expect(getPageSize()).toBe(100);
  });
});
