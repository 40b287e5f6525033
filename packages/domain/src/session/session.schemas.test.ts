import { describe, expect, it } from 'vitest';
import {
  MediaEventSchema,
  parseSessionRef,
  SessionQuerySchema,
  SessionRefSchema,
  SignalEventSchema,
  sessionKey,
  sessionPath,
} from './session.schemas.ts';

describe('session ids', () => {
  it('routes a lesson session to /lesson/{id} and keys it by kind', () => {
    expect(sessionPath({ kind: 'lesson', id: 12 })).toBe('/lesson/12');
    expect(sessionKey({ kind: 'lesson', id: 12 })).toBe('lesson:12');
  });

  it('reads route params and queries, defaulting to a lesson', () => {
    expect(parseSessionRef({ id: '12' })).toEqual({ kind: 'lesson', id: 12 });
    expect(parseSessionRef({ kind: 'lesson', id: 5 })).toEqual({ kind: 'lesson', id: 5 });
    expect(parseSessionRef({ kind: 'party', id: '5' })).toBeNull();
    expect(parseSessionRef({ id: '1.5' })).toBeNull();
    expect(parseSessionRef({ id: '-3' })).toBeNull();
    expect(parseSessionRef({ id: null })).toBeNull();
  });

  it('answers a malformed id with invalid-session-id', () => {
    for (const value of [{ kind: 'lesson', id: 0 }, { kind: 'x', id: 1 }, { id: 1 }, 'lesson:1', null]) {
      const result = SessionRefSchema.safeParse(value);
      expect(result.success).toBe(false);
    }
    expect(SessionRefSchema.safeParse({ kind: 'lesson', id: 'a' }).error?.issues[0]?.message).toBe(
      'invalid-session-id',
    );
  });

  it('defaults the API kind to lesson and refuses unknown kinds', () => {
    expect(SessionQuerySchema.parse({})).toEqual({ kind: 'lesson' });
    expect(SessionQuerySchema.safeParse({ kind: 'party' }).success).toBe(false);
  });
});

describe('signalling payloads', () => {
  const session = { kind: 'lesson', id: 1 };

  it('accepts offers, answers and ICE candidates, and nothing else', () => {
    expect(SignalEventSchema.safeParse({ session, signal: { type: 'offer', sdp: 'v=0' } }).success).toBe(
      true,
    );
    expect(SignalEventSchema.safeParse({ session, signal: { type: 'answer', sdp: 'v=0' } }).success).toBe(
      true,
    );
    const candidate = {
      candidate: 'candidate:1 1 udp 1 127.0.0.1 5000 typ host',
      sdpMid: '0',
      sdpMLineIndex: 0,
    };
    expect(
      SignalEventSchema.safeParse({ session, signal: { type: 'ice-candidate', candidate } }).success,
    ).toBe(true);
    expect(SignalEventSchema.safeParse({ session, signal: { type: 'bye' } }).success).toBe(false);
    expect(SignalEventSchema.safeParse({ session, signal: { type: 'offer', sdp: '' } }).success).toBe(false);
  });

  it('needs all three media flags', () => {
    expect(MediaEventSchema.safeParse({ session, camera: true, mic: false, screen: false }).success).toBe(
      true,
    );
    expect(MediaEventSchema.safeParse({ session, camera: true }).success).toBe(false);
  });
});
