import { and, asc, type Column, count, desc, eq, ilike, isNull, lt, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Executor, escapeLike } from '../../db/client.ts';
import { preparedStatement, runPrepared } from '../../db/prepared.ts';
import { messages, roomMembers, rooms, users } from '../../db/schema.ts';

export type MessageRow = typeof messages.$inferSelect;
export type MemberRow = { id: number; name: string | null; image: string | null; role: number };

/** A room from one member's side, as the rooms list and the room events show it. */
export type RoomViewRow = {
  id: number;
  lastMessageAt: Date;
  pinnedAt: Date | null;
  mutedAt: Date | null;
  unread: number;
  otherLastReadMessageId: number | null;
  other: MemberRow;
  lastMessage: MessageRow | null;
};

const me = alias(roomMembers, 'me');
const other = alias(roomMembers, 'other');

/** The newest visible message of the outer row's room (a lateral subquery). */
function lastVisibleMessage(db: Executor) {
  return db
    .select()
    .from(messages)
    .where(and(eq(messages.roomId, rooms.id), isNull(messages.deletedAt)))
    .orderBy(desc(messages.id))
    .limit(1)
    .as('last_message');
}

/** Rooms of `viewerId` from their side, narrowed by `where` (over `rooms`, `me`, `other`, `users`). */
function selectRoomViews(db: Executor, viewerId: number, where?: SQL) {
  const last = lastVisibleMessage(db);
  return db
    .select({
      id: rooms.id,
      lastMessageAt: rooms.lastMessageAt,
      pinnedAt: me.pinnedAt,
      mutedAt: me.mutedAt,
      otherLastReadMessageId: other.lastReadMessageId,
      // The other member's messages after the viewer's read mark.
      unread: sql<number>`(SELECT count(*)::int FROM ${messages} AS unread
        WHERE unread.room_id = ${rooms.id} AND unread.sender_id <> ${me.userId}
          AND unread.deleted_at IS NULL AND unread.id > COALESCE(${me.lastReadMessageId}, 0))`,
      other: { id: users.id, name: users.name, image: users.image, role: users.role },
      lastMessage: {
        id: last.id,
        roomId: last.roomId,
        senderId: last.senderId,
        text: last.text,
        clientRef: last.clientRef,
        editedAt: last.editedAt,
        deletedAt: last.deletedAt,
        createdAt: last.createdAt,
      },
    })
    .from(me)
    .innerJoin(rooms, eq(rooms.id, me.roomId))
    .innerJoin(other, and(eq(other.roomId, me.roomId), ne(other.userId, me.userId)))
    .innerJoin(users, eq(users.id, other.userId))
    .leftJoinLateral(last, sql`true`)
    .where(and(eq(me.userId, viewerId), where));
}

function toRoomView(row: Awaited<ReturnType<ReturnType<typeof selectRoomViews>['execute']>>[number]) {
  const lastMessage = row.lastMessage?.id ? (row.lastMessage as MessageRow) : null;
  return { ...row, lastMessage } satisfies RoomViewRow;
}

/** One room from `viewerId`'s side; null when there is no such room or they are not in it. */
export async function findRoomView(
  db: Executor,
  roomId: number,
  viewerId: number,
): Promise<RoomViewRow | null> {
  const [row] = await selectRoomViews(db, viewerId, eq(rooms.id, roomId)).limit(1);
  return row ? toRoomView(row) : null;
}

/**
 * A page of `userId`'s rooms: pinned first; then rooms with a (visible) message before those without
 * any (rooms made by a booking, where nobody wrote yet); then the latest activity first (a room's
 * `lastMessageAt` is its creation until its first message). `search` matches the other member's name.
 */
export async function findRoomViews(
  db: Executor,
  userId: number,
  query: { page: number; size: number; search?: string | undefined },
): Promise<{ rows: RoomViewRow[]; total: number }> {
  const where = query.search ? ilike(users.name, `%${escapeLike(query.search)}%`) : undefined;
  const [rows, [counted]] = await Promise.all([
    selectRoomViews(db, userId, where)
      .orderBy(
        sql`${me.pinnedAt} IS NOT NULL DESC`,
        // The lateral newest visible message (see `lastVisibleMessage`): null in a room nobody wrote in.
        sql`"last_message"."id" IS NOT NULL DESC`,
        desc(rooms.lastMessageAt),
        desc(rooms.id),
      )
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db
      .select({ total: count() })
      .from(me)
      .innerJoin(other, and(eq(other.roomId, me.roomId), ne(other.userId, me.userId)))
      .innerJoin(users, eq(users.id, other.userId))
      .where(and(eq(me.userId, userId), where)),
  ]);
  return { rows: rows.map(toRoomView), total: counted?.total ?? 0 };
}

/**
 * Unread messages across all of `userId`'s rooms they have not muted: the other member's messages after
 * the user's read mark (the same count as a room's `unread`).
 */
export async function countUnreadMessages(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(messages)
    .innerJoin(me, eq(me.roomId, messages.roomId))
    .where(
      and(
        eq(me.userId, userId),
        isNull(me.mutedAt),
        ne(messages.senderId, userId),
        isNull(messages.deletedAt),
        sql`${messages.id} > COALESCE(${me.lastReadMessageId}, 0)`,
      ),
    );
  return row?.total ?? 0;
}

export async function findRoom(db: Executor, roomId: number) {
  const [row] = await db.select().from(rooms).where(eq(rooms.id, roomId)).limit(1);
  return row ?? null;
}

/** The pair's room, whatever order the two ids come in. */
export async function findPairRoom(db: Executor, userA: number, userB: number) {
  const [memberLow, memberHigh] = userA < userB ? [userA, userB] : [userB, userA];
  const [row] = await db
    .select()
    .from(rooms)
    .where(and(eq(rooms.memberLow, memberLow), eq(rooms.memberHigh, memberHigh)))
    .limit(1);
  return row ?? null;
}

/** The room's members with what chat shows of them. */
export async function findRoomMembers(db: Executor, roomId: number): Promise<MemberRow[]> {
  return db
    .select({ id: users.id, name: users.name, image: users.image, role: users.role })
    .from(roomMembers)
    .innerJoin(users, eq(users.id, roomMembers.userId))
    .where(eq(roomMembers.roomId, roomId))
    .orderBy(asc(users.id));
}

/** Read at every connection and every presence change: a named statement, planned once per connection. */
const userRoomsStatement = preparedStatement<{ userId: number }>(
  'chat-user-rooms',
  sql`SELECT me.room_id AS "roomId", other.user_id AS "otherId"
        FROM ${roomMembers} me
        JOIN ${roomMembers} other ON other.room_id = me.room_id AND other.user_id <> me.user_id
       WHERE me.user_id = ${sql.placeholder('userId')}`,
);

/** Every room `userId` belongs to, with the other member: what a new connection joins and tells. */
export async function findUserRooms(
  db: Executor,
  userId: number,
): Promise<{ roomId: number; otherId: number }[]> {
  return runPrepared<{ roomId: number; otherId: number }, { userId: number }>(db, userRoomsStatement, {
    userId,
  });
}

/** The room and whether `userId` is in it, in one round trip; null when the room does not exist. */
export async function findMembership(
  db: Executor,
  roomId: number,
  userId: number,
): Promise<{ roomId: number; isMember: boolean } | null> {
  const [row] = await db
    .select({ roomId: rooms.id, member: roomMembers.userId })
    .from(rooms)
    .leftJoin(roomMembers, and(eq(roomMembers.roomId, rooms.id), eq(roomMembers.userId, userId)))
    .where(eq(rooms.id, roomId))
    .limit(1);
  return row ? { roomId: row.roomId, isMember: row.member !== null } : null;
}

/** A page of a room's messages, newest first, older than `before` when given; one extra tells `hasMore`. */
export async function findMessages(
  db: Executor,
  roomId: number,
  query: { before?: number | undefined; size: number },
): Promise<{ rows: MessageRow[]; hasMore: boolean }> {
  const rows = await db
    .select()
    .from(messages)
    .where(and(eq(messages.roomId, roomId), query.before ? lt(messages.id, query.before) : undefined))
    .orderBy(desc(messages.id))
    .limit(query.size + 1);
  return { rows: rows.slice(0, query.size), hasMore: rows.length > query.size };
}

export async function findMessage(db: Executor, id: number): Promise<MessageRow | null> {
  const [row] = await db.select().from(messages).where(eq(messages.id, id)).limit(1);
  return row ?? null;
}

export type InsertMessageValues = {
  roomId: number;
  senderId: number;
  text: string;
  clientRef: string | null;
};

/** Messages to store at once, one array per column (`ord` keeps their order of arrival). */
type InsertMessagesValues = {
  roomIds: number[];
  senderIds: number[];
  texts: string[];
  clientRefs: (string | null)[];
};

/**
 * Sending, in one statement whether one message or a batch (`createMessageWriter`): every message whose
 * sender is a verified member of its room is stored (in order of arrival; a `clientRef` already used,
 * in the table or earlier in the batch, stores nothing), and each room touched moves its
 * `lastMessageAt`. Named, so each connection has PostgreSQL plan it once. The rooms are handed to the
 * update in id order, which makes two batches locking them in opposite orders unlikely, not impossible:
 * the writer runs a deadlock victim again.
 */
const insertMessagesStatement = preparedStatement<InsertMessagesValues>(
  'insert-chat-messages',
  sql`
    WITH input AS (
      SELECT * FROM unnest(
        ${sql.placeholder('roomIds')}::int[], ${sql.placeholder('senderIds')}::int[],
        ${sql.placeholder('texts')}::text[], ${sql.placeholder('clientRefs')}::text[]
      ) WITH ORDINALITY AS input(room_id, sender_id, text, client_ref, ord)
    ), allowed AS (
      SELECT input.* FROM input
      JOIN ${roomMembers} ON ${roomMembers.roomId} = input.room_id AND ${roomMembers.userId} = input.sender_id
      JOIN ${users} ON ${users.id} = input.sender_id
      WHERE ${users.verifiedEmail}
    ), inserted AS (
      INSERT INTO ${messages} (room_id, sender_id, text, client_ref)
      SELECT room_id, sender_id, text, client_ref FROM allowed ORDER BY ord
      ON CONFLICT (sender_id, client_ref) DO NOTHING
      RETURNING *
    ), touched AS (
      UPDATE ${rooms} SET last_message_at = latest.at
      FROM (SELECT room_id, max(created_at) AS at FROM inserted GROUP BY room_id ORDER BY room_id) AS latest
      WHERE ${rooms.id} = latest.room_id
    )
    SELECT row_to_json(inserted) AS message FROM inserted`,
);

/**
 * Several sends in one statement and one commit, each with its own `clientRef`: the stored rows (a
 * refused or repeated send has none; the caller matches them to its sends by sender and reference).
 */
export async function insertMessagesIfAllowed(
  db: Executor,
  sends: ReadonlyArray<InsertMessageValues>,
): Promise<MessageRow[]> {
  const rows = await runPrepared<{ message: Record<string, unknown> }, InsertMessagesValues>(
    db,
    insertMessagesStatement,
    {
      roomIds: sends.map((send) => send.roomId),
      senderIds: sends.map((send) => send.senderId),
      texts: sends.map((send) => send.text),
      clientRefs: sends.map((send) => send.clientRef),
    },
  );
  return rows.map((row) => messageFromJson(row.message));
}

/**
 * One send: when `senderId` is a verified member of the room, stores the message and moves the room's
 * `lastMessageAt` to it. Null when nothing was stored: not allowed, no such room, or a `clientRef` the
 * sender already used (the caller tells which apart).
 */
export async function insertMessageIfAllowed(
  db: Executor,
  values: InsertMessageValues,
): Promise<MessageRow | null> {
  const [row] = await insertMessagesIfAllowed(db, [values]);
  return row ?? null;
}

/** A `messages` row as `row_to_json` spells it. */
function messageFromJson(json: Record<string, unknown>): MessageRow {
  const date = (value: unknown) => (value === null ? null : new Date(value as string));
  return {
    id: Number(json.id),
    roomId: json.room_id as number,
    senderId: json.sender_id as number,
    text: json.text as string,
    clientRef: json.client_ref as string | null,
    editedAt: date(json.edited_at),
    deletedAt: date(json.deleted_at),
    createdAt: new Date(json.created_at as string),
  };
}

/** The message `senderId` stored under `clientRef` (a resend finds the first). */
export async function findMessageByClientRef(
  db: Executor,
  senderId: number,
  clientRef: string,
): Promise<MessageRow | null> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.senderId, senderId), eq(messages.clientRef, clientRef)))
    .limit(1);
  return row ?? null;
}

export async function updateMessageText(db: Executor, id: number, text: string): Promise<MessageRow> {
  const [row] = await db
    .update(messages)
    .set({ text, editedAt: sql`now()` })
    .where(eq(messages.id, id))
    .returning();
  return row!;
}

/**
 * Deletes a message in place (text blanked, `deletedAt` set: order and receipts survive) and moves the
 * room's `lastMessageAt` back to its newest visible message (or its creation).
 */
export async function deleteMessageRow(db: Executor, message: MessageRow): Promise<MessageRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(messages)
      .set({ text: '', deletedAt: sql`now()` })
      .where(eq(messages.id, message.id))
      .returning();
    await tx
      .update(rooms)
      .set({
        lastMessageAt: sql`COALESCE((SELECT max(${messages.createdAt}) FROM ${messages}
          WHERE ${messages.roomId} = ${rooms.id} AND ${messages.deletedAt} IS NULL), ${rooms.createdAt})`,
      })
      .where(eq(rooms.id, message.roomId));
    return row!;
  });
}

/** Moves the member's read mark forward to `messageId` (never back); the mark after the move. */
export async function markRead(
  db: Executor,
  roomId: number,
  userId: number,
  messageId: number,
): Promise<number> {
  const [row] = await db
    .update(roomMembers)
    .set({ lastReadMessageId: sql`GREATEST(COALESCE(${roomMembers.lastReadMessageId}, 0), ${messageId})` })
    .where(and(eq(roomMembers.roomId, roomId), eq(roomMembers.userId, userId)))
    .returning({ lastReadMessageId: roomMembers.lastReadMessageId });
  return row?.lastReadMessageId ?? messageId;
}

/** The member's own pin and mute: a flag set keeps its first time, cleared is null. */
export async function updateMembership(
  db: Executor,
  roomId: number,
  userId: number,
  patch: { pinned?: boolean | undefined; muted?: boolean | undefined },
): Promise<void> {
  const stamp = (column: Column, on: boolean) => (on ? sql`COALESCE(${column}, now())` : sql`NULL`);
  await db
    .update(roomMembers)
    .set({
      ...(patch.pinned === undefined ? {} : { pinnedAt: stamp(roomMembers.pinnedAt, patch.pinned) }),
      ...(patch.muted === undefined ? {} : { mutedAt: stamp(roomMembers.mutedAt, patch.muted) }),
    })
    .where(and(eq(roomMembers.roomId, roomId), eq(roomMembers.userId, userId)));
}
