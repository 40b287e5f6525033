import { isAckCode } from '@hiwar/domain';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { buildTestApp } from '../testing/app.ts';
import { createUser } from '../testing/factories.ts';
import { listenForSockets } from '../testing/sockets.ts';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};

/** Text of the right type that PostgreSQL, a date parser or a renderer chokes on. */
const HOSTILE_TEXT = [
  'a\u0000b',
  '\ud800',
  '\u202e\u200f',
  '   ',
  '',
  'x'.repeat(100_000),
  '+275760-09-13T00:00:00.000Z',
];
/** Numbers past what a column, an id or JavaScript's integers hold, and ones that are not whole. */
const HOSTILE_NUMBERS = [0, -1, 1.5, 2_147_483_647, 2_147_483_648, Number.MAX_SAFE_INTEGER + 2, 1e308];
/** Every other kind of value, and one nested deeper than any payload is. */
const HOSTILE_SHAPES: unknown[] = [
  null,
  true,
  {},
  [],
  [1, 'x'],
  JSON.parse(`${'{"a":'.repeat(200)}1${'}'.repeat(200)}`),
];

/** A plausible value for `schema`: the base each hostile value replaces one field of. */
function sample(schema: JsonSchema): unknown {
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (variant) {
    return sample(variant);
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [key, sample(value)]),
      );
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'string':
      return 'x';
    default:
      return 1;
  }
}

/**
 * Every client event the server declares, with hostile payloads: whole payloads of every kind, and
 * each field of a plausible payload replaced by hostile text, numbers and shapes. Each is answered
 * with an acknowledgement from the catalogue, no handler fails (a failure is logged and answered
 * `unreachable`, which says nothing true about the input), and the connection stays up.
 */
describe('hostile payloads on every socket event', async () => {
  const { app } = await buildTestApp();
  const sockets = await listenForSockets(app);
  const events = app.realtime!.events();

  it('finds the declared events', () => {
    expect(events.map(({ event }) => event)).toEqual(
      expect.arrayContaining(['ping', 'chat:send', 'session:signal']),
    );
  });

  for (const { event, schema } of events) {
    it(`answers ${event} with a catalogue acknowledgement, never a failed handler`, async () => {
      const failed = vi.spyOn(app.log, 'error');
      const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
      const base = sample(json);
      const fields = Object.keys(json.properties ?? {});
      // A connection (and user) of their own per field: the chat's limits per user hold a burst of 20.
      const batches: unknown[][] = [
        [undefined, ...HOSTILE_TEXT, ...HOSTILE_NUMBERS, ...HOSTILE_SHAPES],
        ...fields.map((field) =>
          [...HOSTILE_TEXT, ...HOSTILE_NUMBERS, ...HOSTILE_SHAPES].map((value) => ({
            ...(base as object),
            [field]: value,
          })),
        ),
      ];
      const wrong: string[] = [];
      for (const payloads of batches) {
        const socket = await sockets.connectAs((await createUser(app.db)).id);
        for (const payload of payloads) {
          const ack = (await socket.timeout(10_000).emitWithAck(event, payload)) as { code?: unknown };
          if (!isAckCode(ack?.code)) {
            wrong.push(`${JSON.stringify(payload)?.slice(0, 80)} → ${JSON.stringify(ack)?.slice(0, 80)}`);
          }
        }
        expect(socket.connected).toBe(true);
        socket.disconnect();
      }
      expect(wrong).toEqual([]);
      const failures = failed.mock.calls.filter((call) =>
        JSON.stringify(call).includes('socket handler failed'),
      );
      failed.mockRestore();
      expect(failures.map((call) => JSON.stringify(call).slice(0, 300))).toEqual([]);
    });
  }
});
