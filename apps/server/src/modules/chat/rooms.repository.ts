import { and, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { roomMembers, rooms } from '../../db/schema.ts';

export type RoomRow = typeof rooms.$inferSelect;

/**
 * Makes sure a pair of users has its one room (rules.md "Chat"), created with both as members when
 * missing. Safe under concurrency: the unique pair index lets one insert win. Answers the room's id and
 * whether this call created it (a losing insert waits for the winner's commit, so the room is there).
 */
export async function ensurePairRoom(
  db: Executor,
  userA: number,
  userB: number,
): Promise<{ id: number; created: boolean }> {
  const [memberLow, memberHigh] = userA < userB ? [userA, userB] : [userB, userA];
  const [created] = await db
    .insert(rooms)
    .values({ memberLow, memberHigh })
    .onConflictDoNothing()
    .returning({ id: rooms.id });
  if (created) {
    await db.insert(roomMembers).values([
      { roomId: created.id, userId: memberLow },
      { roomId: created.id, userId: memberHigh },
    ]);
    return { id: created.id, created: true };
  }
  const [existing] = await db
    .select({ id: rooms.id })
    .from(rooms)
    .where(and(eq(rooms.memberLow, memberLow), eq(rooms.memberHigh, memberHigh)))
    .limit(1);
  return { id: existing!.id, created: false };
}

/**
 * `ensurePairRoom` as common table expressions, to ride along another insert (a booking) in one
 * statement: `WITH ${pairRoomCtes(a, b)}, … SELECT (SELECT id FROM pair_room)` gives the room's id
 * when this statement created it, null when the pair had one. The members may be placeholders of a
 * prepared statement: the lower id is found in SQL.
 */
export function pairRoomCtes(userA: number | SQLWrapper, userB: number | SQLWrapper): SQL {
  return sql`pair_room AS (
      INSERT INTO ${rooms} (member_low, member_high)
      VALUES (LEAST(${userA}::int, ${userB}::int), GREATEST(${userA}::int, ${userB}::int))
      ON CONFLICT DO NOTHING RETURNING id, member_low, member_high
    ),
    pair_room_members AS (
      INSERT INTO ${roomMembers} (room_id, user_id)
      SELECT id, unnest(ARRAY[member_low, member_high]) FROM pair_room RETURNING room_id
    )`;
}
