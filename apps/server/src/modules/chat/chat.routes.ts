import {
  ChatMessageEventSchema,
  ChatMessagesPageSchema,
  ChatMessagesQuerySchema,
  ChatRoomSchema,
  ChatRoomsPageSchema,
  ChatRoomsQuerySchema,
  IdParamSchema,
  NewChatRequestSchema,
  NewChatResponseSchema,
  RoomByMembersQuerySchema,
  RoomByMembersResponseSchema,
  RoomMembersResponseSchema,
  UpdateRoomRequestSchema,
} from '@hiwar/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../core/auth.ts';
import { fileHeaders } from '../assets/file-headers.ts';
import { FILE_NAME_PATTERN } from '../assets/file-store.ts';
import { readAttachmentsForm } from './attachment-uploads.ts';
import { createChatService } from './chat.service.ts';

const security = [{ bearer: [] }];
const RoomIdParamSchema = z.object({ roomId: IdParamSchema.shape.id });
const UserIdParamSchema = z.object({ userId: IdParamSchema.shape.id });
const FileNameParamSchema = z.object({
  name: z.string().regex(FILE_NAME_PATTERN, { error: 'asset-not-found' }),
});

/**
 * How a chat file is served beside `fileHeaders` (its type, no sniffing, a sandbox with nothing allowed
 * should a browser render it anyway): never cached, and only for our own sites. Pictures and voice
 * notes inline, PDFs as a download.
 */
const ATTACHMENT_HEADERS = {
  'cache-control': 'private, no-store',
  'cross-origin-resource-policy': 'same-site',
} as const;

/**
 * Spec §7 "Chat": /api/v1/chat/… REST lists rooms and messages and starts a conversation; the live
 * conversation runs over the socket (`chat.events.ts`). Members only (`not-member`); starting a chat
 * needs a verified e-mail (`email-not-verified`).
 */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const chat = createChatService(app);
  const tags = ['chat'];

  app.post(
    '/new',
    {
      schema: {
        tags,
        security,
        summary:
          'Send a first message to a user, creating the pair’s room when they have none: a student to a listed tutor, the members of a lesson, interview or studio assignment, staff to the users they may read (decision 0045); anyone else `forbidden`',
        body: NewChatRequestSchema,
        errors: [
          'forbidden',
          'user-not-found',
          'message-text-invalid-html',
          'message-text-too-short',
          'message-text-too-long',
          'too-many-requests',
        ],
        response: { 200: NewChatResponseSchema },
      },
      preHandler: [app.authenticate, app.requireVerifiedEmail],
    },
    (request) => chat.newChat(currentUser(request), request.body),
  );

  app.get(
    '/list/:roomId/messages',
    {
      schema: {
        tags,
        security,
        summary: 'A room’s messages, newest first; `before` (a message id) pages to older ones',
        params: RoomIdParamSchema,
        querystring: ChatMessagesQuerySchema,
        errors: ['not-member'],
        response: { 200: ChatMessagesPageSchema },
      },
      preHandler: app.authenticate,
    },
    (request) => chat.findMessages(currentUser(request), request.params.roomId, request.query),
  );

  app.get(
    '/list/rooms/:userId/',
    {
      schema: {
        tags,
        security,
        summary:
          'A user’s rooms (themself, or staff): pinned first, rooms with messages before empty ones, then the latest activity first; with the unread total of the rooms not muted',
        params: UserIdParamSchema,
        querystring: ChatRoomsQuerySchema,
        errors: ['forbidden'],
        response: { 200: ChatRoomsPageSchema },
      },
      preHandler: app.authenticate,
    },
    (request) => chat.findRooms(currentUser(request), request.params.userId, request.query),
  );

  app.get(
    '/room/by/members',
    {
      schema: {
        tags,
        security,
        summary:
          'The room of a pair of users (`members=3,9`), from the caller’s side; null when they have none',
        querystring: RoomByMembersQuerySchema,
        errors: ['not-member'],
        response: { 200: RoomByMembersResponseSchema },
      },
      preHandler: app.authenticate,
    },
    (request) => chat.getRoomByMembers(currentUser(request), request.query.members),
  );

  app.get(
    '/room/members/:roomId',
    {
      schema: {
        tags,
        security,
        summary: 'A room’s two members with their online status',
        params: RoomIdParamSchema,
        errors: ['not-member'],
        response: { 200: RoomMembersResponseSchema },
      },
      preHandler: app.authenticate,
    },
    (request) => chat.getRoomMembers(currentUser(request), request.params.roomId),
  );

  app.post(
    '/room/:roomId/attachments',
    {
      schema: {
        tags,
        security,
        consumes: ['multipart/form-data'],
        summary:
          'Send pictures (JPG, PNG, GIF, WebP ≤ 10 MB, re-encoded), PDFs (≤ 10 MB) or a voice note (Opus in WebM or Ogg, ≤ 2 MB and 2 minutes) to a room: multipart files `file` (1–3), `clientRef`, optional `text`; membership and the rate limit are checked before the body is read',
        params: RoomIdParamSchema,
        errors: [
          'room-not-found',
          'not-member',
          'too-many-requests',
          'invalid-type',
          'unsupported-media-type',
          'payload-too-large',
          'required',
          'message-text-invalid-html',
          'message-text-too-long',
        ],
        response: { 200: ChatMessageEventSchema },
      },
      onRequest: app.authenticate,
      preHandler: app.requireVerifiedEmail,
    },
    async (request) => {
      const caller = currentUser(request);
      await chat.checkAttach(caller, request.params.roomId);
      const { fields, files } = await readAttachmentsForm(request);
      return chat.sendAttachments(caller, request.params.roomId, fields, files);
    },
  );

  app.get(
    '/attachment/:name',
    {
      schema: {
        tags,
        security,
        summary:
          'A chat attachment, for the members of its room (pictures and voice notes inline, PDFs as a download)',
        params: FileNameParamSchema,
        errors: ['asset-not-found'],
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      const { attachment, stream } = await chat.openAttachment(currentUser(request), request.params.name);
      const disposition = attachment.kind === 'pdf' ? 'attachment' : 'inline';
      return fileHeaders(reply, attachment, disposition)
        .headers(ATTACHMENT_HEADERS)
        .header('content-length', attachment.size)
        .send(stream);
    },
  );

  app.put(
    '/room/:roomId',
    {
      schema: {
        tags,
        security,
        summary: 'Pin or mute a room for yourself',
        params: RoomIdParamSchema,
        body: UpdateRoomRequestSchema,
        errors: ['not-member'],
        response: { 200: ChatRoomSchema },
      },
      preHandler: app.authenticate,
    },
    (request) => chat.updateRoom(currentUser(request), request.params.roomId, request.body),
  );
};
