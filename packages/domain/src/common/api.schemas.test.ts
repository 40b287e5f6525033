import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AckSchema, ErrorBodySchema, IdParamSchema } from './api.schemas.ts';
import { type Paged, PageQuerySchema, pagedSchema } from './paging.schemas.ts';

describe('PageQuerySchema', () => {
  it('defaults to page 1 of 10', () => {
    expect(PageQuerySchema.parse({})).toEqual({ page: 1, size: 10 });
  });

  it('coerces query strings', () => {
    expect(PageQuerySchema.parse({ page: '3', size: '25' })).toEqual({ page: 3, size: 25 });
  });

  it('keeps page from 1 and size within 1 to 100', () => {
    expect(PageQuerySchema.safeParse({ page: '0' }).success).toBe(false);
    expect(PageQuerySchema.safeParse({ size: '0' }).success).toBe(false);
    expect(PageQuerySchema.safeParse({ size: '100' }).success).toBe(true);
    expect(PageQuerySchema.safeParse({ size: '101' }).success).toBe(false);
    expect(PageQuerySchema.safeParse({ page: '1.5' }).success).toBe(false);
    expect(PageQuerySchema.safeParse({ page: 'two' }).error?.issues[0]?.message).toBe('bad-request');
  });
});

describe('pagedSchema', () => {
  const schema = pagedSchema(z.object({ id: z.number() }));

  it('parses a list and its total', () => {
    const page: Paged<{ id: number }> = schema.parse({ list: [{ id: 1 }], total: 31 });
    expect(page.total).toBe(31);
  });

  it('rejects a negative or fractional total and bad items', () => {
    expect(schema.safeParse({ list: [], total: -1 }).success).toBe(false);
    expect(schema.safeParse({ list: [], total: 1.5 }).success).toBe(false);
    expect(schema.safeParse({ list: [{ id: 'x' }], total: 1 }).success).toBe(false);
  });
});

describe('wire shapes', () => {
  it('parses an error body', () => {
    expect(ErrorBodySchema.parse({ code: 'busy-tutor', message: 'busy' })).toEqual({
      code: 'busy-tutor',
      message: 'busy',
    });
    expect(ErrorBodySchema.safeParse({ code: 'busy-tutor' }).success).toBe(false);
  });

  it('accepts only catalogue acknowledgement codes', () => {
    expect(AckSchema.parse({ code: 'ok' })).toEqual({ code: 'ok' });
    expect(AckSchema.safeParse({ code: 'busy-tutor' }).success).toBe(false);
  });

  it('coerces a positive integer id from the path', () => {
    expect(IdParamSchema.parse({ id: '42' })).toEqual({ id: 42 });
    for (const id of ['0', '-1', '1.5', 'abc', '']) {
      expect(IdParamSchema.safeParse({ id }).success, id).toBe(false);
    }
  });
});
