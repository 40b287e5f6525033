import { randomBytes } from 'node:crypto';
import { InvoiceStatus, Role } from '@hiwar/domain';
import sharp from 'sharp';
import type { Database } from '../../db/client.ts';
import { invoices } from '../../db/schema.ts';
import { createLesson, createUser } from '../../testing/factories.ts';
import type { FilePart } from '../../testing/multipart.ts';
import type { InvoiceRow } from './invoices.repository.ts';

/**
 * Test fixtures of the invoices module: earnings (a given lesson priced at the amount), invoices
 * written straight into a status, receipt pictures and multipart bodies with text fields.
 */

let earlier = 0;

/**
 * Gives the tutor `piasters` of credited earnings: one 30-minute lesson with a new student that ended
 * before `before` (each call an hour earlier than the last, so a tutor's lessons never overlap).
 */
export async function earn(db: Database, tutorId: number, piasters: number, before: Date): Promise<void> {
  const student = await createUser(db, { role: Role.Student });
  earlier += 1;
  await createLesson(db, {
    tutorId,
    studentId: student.id,
    start: new Date(before.getTime() - (1 + earlier) * 3_600_000),
    price: piasters,
  });
}

const S = InvoiceStatus;

/**
 * An invoice written directly in `status` (a wallet to 01012345678 unless overridden), with what that
 * status needs: a receipt when fulfilled, a note when rejected, requested details while updated.
 */
export async function insertInvoiceIn(
  db: Database,
  userId: number,
  status: InvoiceStatus,
  overrides: Partial<typeof invoices.$inferInsert> = {},
): Promise<InvoiceRow> {
  const [row] = await db
    .insert(invoices)
    .values({
      userId,
      method: 'wallet',
      phone: '01012345678',
      amount: 100_00,
      status,
      ...(status === S.Fulfilled ? { receipt: `${randomBytes(16).toString('hex')}.jpg` } : {}),
      ...(status === S.Rejected ? { note: 'رقم المحفظة غير مفعّل' } : {}),
      ...(status === S.UpdatedByReceiver
        ? { requestedMethod: 'instapay', requestedUsername: 'new.name@instapay' }
        : {}),
      ...overrides,
    })
    .returning();
  return row!;
}

/** A small PNG (a transfer receipt as staff would photograph it). */
export async function receiptPicture(width = 64, height = 96): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#f4f4f4' } })
    .png()
    .toBuffer();
}

/** A multipart/form-data body for `app.inject` with text fields and files, as a browser's FormData. */
export function form(
  fields: Record<string, string>,
  files: FilePart[] = [],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----hiwar${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`),
      Buffer.from(value),
      Buffer.from('\r\n'),
    );
  }
  for (const part of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"; filename="${part.filename}"\r\n` +
          `Content-Type: ${part.contentType}\r\n\r\n`,
      ),
      part.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
