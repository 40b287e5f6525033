import { answerJsonSchema } from '@hiwar/domain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadContract } from './contract.ts';
import { CONTRACT_SCHEMAS } from './contract-names.ts';
import { checkJson, type JsonSchema } from './json-check.ts';

/** The JSON Schema of a zod schema, as the build writes the contract's. */
const jsonOf = (schema: z.ZodType) => answerJsonSchema(schema) as JsonSchema;

/** Both ways of checking `value`: zod's own parse and json-check over the schema's JSON form. */
function both(schema: z.ZodType, value: unknown) {
  const zod = schema.safeParse(value);
  const json = checkJson(jsonOf(schema), value);
  return {
    zod: zod.success ? { ok: true, data: zod.data } : { ok: false },
    json: json.success ? { ok: true, data: json.data } : { ok: false },
  };
}

describe('checkJson', () => {
  it('keeps what an object names, drops what it does not (zod strips) and fills defaults', () => {
    const schema = z.object({
      id: z.number().int().positive(),
      note: z.string().nullable(),
      pinned: z.boolean().default(false),
    });
    const { zod, json } = both(schema, { id: 3, note: null, extra: 'x' });
    expect(json).toEqual({ ok: true, data: { id: 3, note: null, pinned: false } });
    expect(json).toEqual(zod);
  });

  it.each([
    ['a missing field', { note: null }],
    ['a string for a number', { id: '3', note: null }],
    ['a fraction for an integer', { id: 1.5, note: null }],
    ['zero for a positive number', { id: 0, note: null }],
    ['undefined for null', { id: 3 }],
    ['an array for an object', [3]],
    ['null for an object', null],
    ['an HTML page', '<!doctype html>'],
  ])('refuses %s, as zod does', (_name, value) => {
    const schema = z.object({ id: z.number().int().positive(), note: z.string().nullable() });
    const { zod, json } = both(schema, value);
    expect(json.ok).toBe(false);
    expect(zod.ok).toBe(false);
  });

  it('checks enums, literals, lengths, bounds and patterns', () => {
    const schema = z.object({
      status: z.enum(['pending', 'done']),
      kind: z.literal('lesson'),
      code: z.string().min(2).max(4),
      minutes: z.number().min(15).max(30),
      at: z.iso.datetime({ offset: true }),
      email: z.email(),
    });
    const good = {
      status: 'done',
      kind: 'lesson',
      code: 'ab',
      minutes: 30,
      at: '2026-12-07T10:00:00+02:00',
      email: 'mona@example.com',
    };
    expect(both(schema, good).json).toEqual({ ok: true, data: good });
    for (const bad of [
      { status: 'gone' },
      { kind: 'session' },
      { code: 'a' },
      { code: 'abcde' },
      { minutes: 14 },
      { minutes: 31 },
      { at: '2026-12-07 10:00' },
      { at: '2026-02-30T10:00:00Z' },
      { email: 'mona@' },
    ]) {
      const { zod, json } = both(schema, { ...good, ...bad });
      expect([bad, json.ok]).toEqual([bad, false]);
      expect(zod.ok).toBe(false);
    }
  });

  it('takes the first branch of a union that fits, and checks tuples, records and arrays', () => {
    const schema = z.object({
      value: z.union([
        z.object({ kind: z.literal('a'), a: z.number() }),
        z.object({ kind: z.literal('b'), b: z.string() }),
      ]),
      pair: z.tuple([z.string(), z.number()]),
      counts: z.record(z.enum(['x', 'y']), z.number()),
      tags: z.array(z.string()).min(1).max(2),
    });
    const good = {
      value: { kind: 'b', b: 'x', extra: 1 },
      pair: ['a', 1],
      counts: { x: 1, y: 2 },
      tags: ['t'],
    };
    const { zod, json } = both(schema, good);
    expect(json).toEqual({ ok: true, data: { ...good, value: { kind: 'b', b: 'x' } } });
    expect(json).toEqual(zod);
    for (const bad of [
      { value: { kind: 'c' } },
      { pair: ['a'] },
      { pair: ['a', 1, 2] },
      { counts: { x: 1 } },
      { counts: { x: 1, y: 2, z: 3 } },
      { tags: [] },
      { tags: ['a', 'b', 'c'] },
      { tags: [1] },
    ]) {
      const result = both(schema, { ...good, ...bad });
      expect([bad, result.json.ok]).toEqual([bad, false]);
      expect(result.zod.ok).toBe(false);
    }
  });

  it('follows references, a recursive schema included, and refuses what a strict object does not name', () => {
    type Node = { name: string; children: Node[] };
    const NodeSchema: z.ZodType<Node> = z.object({
      name: z.string(),
      get children() {
        return z.array(NodeSchema);
      },
    });
    const tree = { name: 'a', children: [{ name: 'b', children: [] }] };
    expect(both(NodeSchema, tree).json).toEqual({ ok: true, data: tree });
    expect(both(NodeSchema, { name: 'a', children: [{ name: 2, children: [] }] }).json.ok).toBe(false);
    const strict = z.strictObject({ id: z.number() });
    expect(both(strict, { id: 1, more: true }).json.ok).toBe(false);
  });

  it('names where an answer broke the contract', () => {
    const result = checkJson(jsonOf(z.object({ list: z.array(z.object({ id: z.number() })) })), {
      list: [{ id: 1 }, { id: 'x' }],
    });
    expect(result.success).toBe(false);
    expect(!result.success && result.error.issues).toEqual([
      expect.objectContaining({ path: ['list', 1, 'id'] }),
    ]);
  });
});

describe('the contract the build writes', () => {
  it('has a check for every name, which refuses what is not an answer', async () => {
    const contract = await loadContract();
    for (const name of CONTRACT_SCHEMAS) {
      expect(contract[name].safeParse('<!doctype html>').success, name).toBe(false);
    }
  });
});
