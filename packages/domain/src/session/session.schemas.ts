import { z } from 'zod';
import { typeErrorCode } from '../errors/validation-error-code.ts';

/**
 * The video room contract (spec §7 "Session", §8 ack codes; architecture §6). A session is the room
 * two members meet in: today a lesson's, later an interview's, so every id is a `SessionRef` that
 * names its kind. REST describes the session (`GET /api/v1/session/{id}?kind=`); the socket carries
 * the peer-to-peer signalling, each client event answered with an ack `{ code }`.
 */

const BAD_REQUEST = { error: 'bad-request' } as const;
const isoDateTime = z.iso.datetime({ offset: true });
const positiveId = z.number().int().positive();

/** What a session belongs to: a lesson, or a tutor's interview with a TutorManager. */
export const SessionKind = { Lesson: 'lesson', Interview: 'interview' } as const;
export type SessionKind = (typeof SessionKind)[keyof typeof SessionKind];
export const SESSION_KINDS: readonly SessionKind[] = Object.freeze(Object.values(SessionKind));

/** A session's id: its kind and the id of the lesson (or, later, interview) it belongs to. */
export const SessionRefSchema = z
  .object({
    kind: z.enum(SessionKind, { error: 'invalid-session-id' }),
    id: z
      .number({ error: 'invalid-session-id' })
      .int({ error: 'invalid-session-id' })
      .positive({ error: 'invalid-session-id' }),
  })
  .strict();
export type SessionRef = z.infer<typeof SessionRefSchema>;

/** One string per session (socket.io room names, React keys): `lesson:12`. */
export function sessionKey(ref: SessionRef): string {
  return `${ref.kind}:${ref.id}`;
}

/**
 * The web route of a session: a lesson's room is `/lesson/{id}` (spec §2); any other kind goes through
 * `/session?kind=…&id=…`, which serves the same room.
 */
export function sessionPath(ref: SessionRef): string {
  if (ref.kind === SessionKind.Lesson) {
    return `/lesson/${ref.id}`;
  }
  return `/session?${new URLSearchParams({ kind: ref.kind, id: String(ref.id) }).toString()}`;
}

/** Reads `/session?kind=&id=` (or a `/lesson/{id}` param as `{ kind: 'lesson', id }`); null when malformed. */
export function parseSessionRef(input: {
  kind?: string | null;
  id?: string | number | null;
}): SessionRef | null {
  const id = typeof input.id === 'string' && /^\d+$/.test(input.id) ? Number(input.id) : input.id;
  const parsed = SessionRefSchema.safeParse({ kind: input.kind ?? SessionKind.Lesson, id });
  return parsed.success ? parsed.data : null;
}

/** `GET /api/v1/session/{id}`: `kind` defaults to `lesson`. */
export const SessionIdParamSchema = z.object({
  id: z.coerce.number(BAD_REQUEST).int(BAD_REQUEST).positive(BAD_REQUEST),
});
export const SessionQuerySchema = z.object({
  kind: z.enum(SessionKind, BAD_REQUEST).default(SessionKind.Lesson),
});
export type SessionQuery = z.input<typeof SessionQuerySchema>;

/**
 * An ICE server as `RTCPeerConnection` takes it: STUN, or TURN with short-lived credentials (coturn's
 * REST-secret scheme: username `<expiry unix seconds>:<userId>`, credential base64 HMAC-SHA1).
 */
export const IceServerSchema = z.object({
  urls: z.array(z.string().min(1)).min(1),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof IceServerSchema>;

/**
 * A member of a session. `isHost` is the side that leads (the tutor of a lesson, the interviewer of an
 * interview); the other side is the polite peer of perfect negotiation.
 */
export const SessionMemberSchema = z.object({
  id: positiveId,
  name: z.string().nullable(),
  image: z.string().nullable(),
  role: z.number().int(),
  isHost: z.boolean(),
});
export type SessionMember = z.infer<typeof SessionMemberSchema>;

/**
 * `GET /api/v1/session/{id}` for one of its members, inside its access window: who is in it, when it
 * runs, when the room is open, the pair's chat room, the ICE servers to use (TURN credentials valid
 * about an hour) and the server's time, so a browser with a wrong clock still shows the right timer.
 */
export const SessionSchema = z.object({
  ref: SessionRefSchema,
  members: z.array(SessionMemberSchema).length(2),
  start: isoDateTime,
  end: isoDateTime,
  access: z.object({ opensAt: isoDateTime, closesAt: isoDateTime }),
  chatRoomId: /* @__PURE__ */ positiveId.nullable(),
  iceServers: z.array(IceServerSchema),
  now: isoDateTime,
});
export type Session = z.infer<typeof SessionSchema>;

// Socket: client → server. Each is answered `{ code }` from ACK_CODES.

/** Client events of the room. Every payload names its `session` (a `SessionRef`). */
export const SESSION_CLIENT_EVENTS = {
  /** `{ session }` → `{ code: 'ok', peers }`: enter the room (records "joined"); `peers` are the other members there. */
  join: 'session:join',
  /** `{ session }` → `{ code: 'ok' }`: leave the room (records "left"; a disconnect does too). */
  leave: 'session:leave',
  /** `{ session, signal }` → `{ code: 'ok' }`, `unreachable` when the other member is not in the room. */
  signal: 'session:signal',
  /** `{ session, camera, mic, screen }` → `{ code: 'ok' }`: what this member is sending now. */
  media: 'session:media',
  /** `{ session, sentAt }` → `{ code: 'ok', serverTime }`; relayed to the other member, who answers `pong`. */
  ping: 'session:ping',
  /** `{ session, sentAt }` → `{ code: 'ok' }`: the answer to a relayed ping (echoes its `sentAt`). */
  pong: 'session:pong',
} as const;

/**
 * A room event's `session` field, checked in the handler rather than the schema so a malformed id is
 * answered `invalid-session-id` (the spec's ack code), not `bad-request`.
 */
const sessionField = z.unknown();

/** `session:join` and `session:leave`. */
export const SessionRoomEventSchema = z.object({ session: sessionField }).strict();

/** An SDP description as `RTCSessionDescription` serialises it (bounded: SDPs are a few kilobytes). */
const SdpSchema = z.string({ error: typeErrorCode }).min(1).max(64_000);

/** An ICE candidate as `RTCIceCandidate.toJSON()` gives it; `null` candidate ends gathering. */
export const IceCandidateSchema = z.object({
  candidate: z.string().max(4_000),
  sdpMid: z.string().max(64).nullable().optional(),
  sdpMLineIndex: z.number().int().nonnegative().nullable().optional(),
  usernameFragment: z.string().max(256).nullable().optional(),
});
export type IceCandidate = z.infer<typeof IceCandidateSchema>;

/** What one peer tells the other through the server: offer and answer (SDP), and ICE candidates. */
export const SignalSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('offer'), sdp: SdpSchema }).strict(),
  z.object({ type: z.literal('answer'), sdp: SdpSchema }).strict(),
  z.object({ type: z.literal('ice-candidate'), candidate: IceCandidateSchema }).strict(),
]);
export type Signal = z.infer<typeof SignalSchema>;

export const SignalEventSchema = z.object({ session: sessionField, signal: SignalSchema }).strict();

/** What a member sends: camera and microphone on or off, and whether they share their screen. */
export const MediaStateSchema = z
  .object({ camera: z.boolean(), mic: z.boolean(), screen: z.boolean() })
  .strict();
export type MediaState = z.infer<typeof MediaStateSchema>;

export const MediaEventSchema = z
  .object({ session: sessionField, camera: z.boolean(), mic: z.boolean(), screen: z.boolean() })
  .strict();

export const PingEventSchema = z
  .object({ session: sessionField, sentAt: z.number().int().nonnegative() })
  .strict();

// Socket: server → client, to the other member's connections in the room.

export const SESSION_SERVER_EVENTS = {
  /** `{ session, userId }`: the other member entered (again: a reload); the host offers anew. */
  peerJoined: 'session:peer-joined',
  /** `{ session, userId }`: the other member left or lost their connection. */
  peerLeft: 'session:peer-left',
  /** `{ session, from, signal }`. */
  signal: 'session:signal',
  /** `{ session, userId, camera, mic, screen }`. */
  media: 'session:media',
  /** `{ session, from, sentAt }`: answer with `session:pong` and the same `sentAt`. */
  ping: 'session:ping',
  /** `{ session, from, sentAt }`. */
  pong: 'session:pong',
  /** `{ session }`: this connection left the room because the same member joined from another one. */
  replaced: 'session:replaced',
} as const;

export const PeerEventSchema = z.object({ session: SessionRefSchema, userId: positiveId });
export type PeerEvent = z.infer<typeof PeerEventSchema>;
export const SignalRelaySchema = z.object({
  session: SessionRefSchema,
  from: positiveId,
  signal: SignalSchema,
});
export type SignalRelay = z.infer<typeof SignalRelaySchema>;
export const MediaRelaySchema = /* @__PURE__ */ MediaStateSchema.extend({
  session: SessionRefSchema,
  userId: positiveId,
});
export type MediaRelay = z.infer<typeof MediaRelaySchema>;
export const PingRelaySchema = z.object({
  session: SessionRefSchema,
  from: positiveId,
  sentAt: z.number().int().nonnegative(),
});
export type PingRelay = z.infer<typeof PingRelaySchema>;
export const ReplacedEventSchema = z.object({ session: SessionRefSchema });
