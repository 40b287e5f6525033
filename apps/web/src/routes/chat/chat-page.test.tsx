import '../../test/setup.ts';
import { CHAT_CLIENT_EVENTS, CHAT_SERVER_EVENTS, type ChatMessage, type ChatRoom, Role } from '@hiwar/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FakeSocket } from '../../test/fake-socket.ts';
import { json } from '../../test/fixtures.ts';
import { makeTutorInfo } from '../../test/lesson-fixtures.ts';
import { type ApiRequest, renderApp } from '../../test/render-app.tsx';

const ME = 12;
const TUTOR = 3;
const ROOM = 40;
const now = Date.now();
const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
const YESTERDAY = 26 * 60;

function message(id: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    roomId: ROOM,
    senderId: TUTOR,
    text: `رسالة رقم ${id}`,
    clientRef: null,
    createdAt: at(100 - id),
    editedAt: null,
    deletedAt: null,
    ...overrides,
  };
}

function room(overrides: Partial<ChatRoom> = {}): ChatRoom {
  return {
    id: ROOM,
    other: { id: TUTOR, name: 'منى سمير', image: null, role: Role.Tutor, online: true },
    lastMessage: message(3, { senderId: ME, text: 'See you tomorrow!' }),
    lastMessageAt: at(97),
    unread: 2,
    pinned: false,
    muted: false,
    otherLastReadMessageId: null,
    ...overrides,
  };
}

const conversation = [
  message(3, { senderId: ME, text: 'See you tomorrow!' }),
  message(2, { text: 'ممتاز، نراك غدًا' }),
  message(1, { createdAt: at(YESTERDAY), text: 'Hello <b>Sara</b> &amp; welcome' }),
];

const pinned = room({
  id: 41,
  pinned: true,
  unread: 0,
  other: { id: 5, name: 'Omar Adel', image: null, role: Role.Tutor, online: false },
  lastMessage: message(9, { roomId: 41, senderId: 5, text: 'Good morning' }),
  lastMessageAt: at(300),
});

/** The socket as the server answers it: sends and edits come back as stored messages. */
function chatSocket(): {
  socket: FakeSocket;
  emitted: { event: string; payload: Record<string, unknown> }[];
} {
  const socket = new FakeSocket();
  const emitted: { event: string; payload: Record<string, unknown> }[] = [];
  let nextId = 50;
  const answering = socket as unknown as {
    timeout: () => { emitWithAck: (event: string, payload: Record<string, unknown>) => Promise<unknown> };
  };
  answering.timeout = () => ({
    emitWithAck: (event: string, payload: Record<string, unknown>) => {
      emitted.push({ event, payload });
      if (event === CHAT_CLIENT_EVENTS.send) {
        nextId += 1;
        return Promise.resolve({
          code: 'ok',
          message: message(nextId, {
            senderId: ME,
            text: String(payload.text),
            clientRef: String(payload.clientRef),
            createdAt: new Date().toISOString(),
          }),
        });
      }
      if (event === CHAT_CLIENT_EVENTS.update) {
        return Promise.resolve({
          code: 'ok',
          message: message(Number(payload.messageId), {
            senderId: ME,
            text: String(payload.text),
            editedAt: new Date().toISOString(),
          }),
        });
      }
      if (event === CHAT_CLIENT_EVENTS.delete) {
        return Promise.resolve({
          code: 'ok',
          message: message(Number(payload.messageId), {
            senderId: ME,
            text: '',
            deletedAt: new Date().toISOString(),
          }),
        });
      }
      return Promise.resolve({ code: 'ok' });
    },
  });
  return { socket, emitted };
}

function chatApi(extra?: (request: ApiRequest) => Response | undefined) {
  return (request: ApiRequest) => {
    const answer = extra?.(request);
    if (answer) {
      return answer;
    }
    const { path } = request;
    if (path.startsWith(`/api/v1/chat/list/rooms/${ME}/`)) {
      return json(200, { list: [pinned, room()], total: 2 });
    }
    if (path === `/api/v1/chat/room/members/${ROOM}`) {
      return json(200, {
        list: [room().other, { ...room().other, id: ME, name: 'سارة أحمد', role: Role.Student }],
      });
    }
    if (path.startsWith('/api/v1/chat/room/by/members')) {
      return json(200, room());
    }
    if (path.startsWith(`/api/v1/chat/list/${ROOM}/messages`)) {
      return json(200, { list: conversation, hasMore: false });
    }
    return undefined;
  };
}

async function play(socket: FakeSocket, event: string, payload: unknown) {
  await act(async () => {
    socket.fire(event, payload);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe('/chat', () => {
  it('lists rooms pinned first with unread counts and presence, and shows the unread total in the nav', async () => {
    const { socket } = chatSocket();
    renderApp({ path: '/chat', user: { id: ME }, api: chatApi(), socket });

    const list = await screen.findByRole('list', { name: 'قائمة المحادثات' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Omar Adel');
    expect(within(rows[0] as HTMLElement).getByLabelText('مثبّتة')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('منى سمير');
    expect(rows[1]).toHaveTextContent('أنت: See you tomorrow!');
    expect(within(rows[1] as HTMLElement).getByText('رسالتان غير مقروءتين')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('متصل الآن')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).queryByText('متصل الآن')).not.toBeInTheDocument();

    const nav = screen.getAllByRole('navigation', { name: 'التنقل الرئيسي' })[0] as HTMLElement;
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: /المحادثات/ })).toHaveTextContent('رسالتان غير مقروءتين'),
    );
    expect(screen.getByRole('heading', { name: 'اختر محادثة' })).toBeInTheDocument();
  });

  it('opens ?room= with day separators, English text left-to-right inside RTL, and marks it read', async () => {
    const { socket, emitted } = chatSocket();
    renderApp({ path: `/chat?room=${ROOM}`, user: { id: ME }, api: chatApi(), socket });

    const log = await screen.findByRole('log', { name: 'الرسائل' });
    await within(log).findByText('ممتاز، نراك غدًا');
    expect(within(log).getByText('أمس')).toBeInTheDocument();
    expect(within(log).getByText('اليوم')).toBeInTheDocument();
    const english = within(log).getByText('See you tomorrow!');
    expect(english).toHaveAttribute('dir', 'auto');
    // Sanitised markup renders as elements, never as raw HTML.
    expect(within(log).getByText('Sara').tagName).toBe('B');
    expect(within(log).getByText(/& welcome/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'منى سمير' })).toBeInTheDocument();

    await waitFor(() =>
      expect(emitted.find((item) => item.event === CHAT_CLIENT_EVENTS.read)?.payload).toEqual({
        roomId: ROOM,
        messageId: 2,
      }),
    );
    expect(emitted.some((item) => item.event === CHAT_CLIENT_EVENTS.join)).toBe(true);
  });

  it('sends with Enter, keeps Shift+Enter as a new line and counts characters', async () => {
    const { socket, emitted } = chatSocket();
    renderApp({ path: `/chat?room=${ROOM}`, user: { id: ME }, api: chatApi(), socket });
    const user = userEvent.setup();
    const box = await screen.findByRole('textbox', { name: 'اكتب رسالتك' });
    await waitFor(() => expect(box).toBeEnabled());

    await user.type(box, 'Hi{Shift>}{Enter}{/Shift}there');
    expect(box).toHaveValue('Hi\nthere');
    expect(screen.getByText('٨ / ١٠٠٠')).toBeInTheDocument();
    expect(emitted.some((item) => item.event === CHAT_CLIENT_EVENTS.typing)).toBe(true);

    await user.keyboard('{Enter}');
    expect(box).toHaveValue('');
    const sent = emitted.find((item) => item.event === CHAT_CLIENT_EVENTS.send);
    expect(sent?.payload).toMatchObject({ roomId: ROOM, text: 'Hi\nthere' });
    expect(String(sent?.payload.clientRef)).not.toBe('');
    const log = screen.getByRole('log', { name: 'الرسائل' });
    await waitFor(() => expect(within(log).getAllByText(/there/)).toHaveLength(1));
  });

  it('shows typing and read receipts from the other member', async () => {
    const { socket } = chatSocket();
    renderApp({ path: `/chat?room=${ROOM}`, user: { id: ME }, api: chatApi(), socket });
    const log = await screen.findByRole('log', { name: 'الرسائل' });
    await within(log).findByText('See you tomorrow!');
    expect(log.querySelector('[data-receipt="sent"]')).not.toBeNull();

    await play(socket, CHAT_SERVER_EVENTS.typing, { roomId: ROOM, userId: TUTOR, typing: true });
    expect(await screen.findByText('منى سمير يكتب…')).toBeInTheDocument();
    await play(socket, CHAT_SERVER_EVENTS.read, { roomId: ROOM, userId: TUTOR, messageId: 3 });
    await waitFor(() => expect(log.querySelector('[data-receipt="read"]')).not.toBeNull());
    expect(within(log).getByText('قُرئت')).toBeInTheDocument();
    await play(socket, CHAT_SERVER_EVENTS.message, { message: message(4, { text: 'Bye' }) });
    expect(await within(log).findByText('Bye')).toBeInTheDocument();
    expect(screen.queryByText('منى سمير يكتب…')).not.toBeInTheDocument();
  });

  it('edits its own message inline and deletes it after confirming', async () => {
    const { socket, emitted } = chatSocket();
    renderApp({ path: `/chat?room=${ROOM}`, user: { id: ME }, api: chatApi(), socket });
    const user = userEvent.setup();
    const log = await screen.findByRole('log', { name: 'الرسائل' });
    await within(log).findByText('See you tomorrow!');
    // Only our own message has actions.
    expect(within(log).getAllByRole('button', { name: 'خيارات الرسالة' })).toHaveLength(1);

    await user.click(within(log).getByRole('button', { name: 'خيارات الرسالة' }));
    await user.click(await screen.findByRole('menuitem', { name: 'تعديل' }));
    const edit = await screen.findByRole('textbox', { name: 'تعديل الرسالة' });
    // The edit box keeps the focus once the menu has closed.
    await waitFor(() => expect(edit).toHaveFocus());
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(edit).toHaveFocus();
    expect(edit).toHaveValue('See you tomorrow!');
    await user.clear(edit);
    await user.type(edit, 'See you at 6!{Enter}');
    expect(await within(log).findByText('See you at 6!')).toBeInTheDocument();
    expect(within(log).getByText('معدّلة')).toBeInTheDocument();
    expect(emitted.find((item) => item.event === CHAT_CLIENT_EVENTS.update)?.payload).toEqual({
      messageId: 3,
      text: 'See you at 6!',
    });

    await user.click(within(log).getByRole('button', { name: 'خيارات الرسالة' }));
    await user.click(await screen.findByRole('menuitem', { name: 'حذف' }));
    const dialog = await screen.findByRole('dialog', { name: 'حذف الرسالة؟' });
    await user.click(within(dialog).getByRole('button', { name: 'حذف الرسالة' }));
    expect(await within(log).findByText('حُذفت هذه الرسالة')).toBeInTheDocument();
    expect(emitted.find((item) => item.event === CHAT_CLIENT_EVENTS.delete)?.payload).toEqual({
      messageId: 3,
    });
  });

  it('asks an unverified user to verify the e-mail instead of showing the composer', async () => {
    const { socket } = chatSocket();
    renderApp({ path: `/chat?room=${ROOM}`, user: { id: ME, verifiedEmail: false }, api: chatApi(), socket });
    await screen.findByRole('log', { name: 'الرسائل' });
    expect(await screen.findByText('أكّد بريدك الإلكتروني لتبدأ المراسلة')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'تأكيد البريد' })).toHaveAttribute('href', '/verify-email');
    expect(screen.queryByRole('textbox', { name: 'اكتب رسالتك' })).not.toBeInTheDocument();
  });

  it('pins a room from its menu', async () => {
    const { socket } = chatSocket();
    const { requests } = renderApp({
      path: '/chat',
      user: { id: ME },
      api: chatApi((request) =>
        request.method === 'PUT' && request.path === `/api/v1/chat/room/${ROOM}`
          ? json(200, room({ pinned: true }))
          : undefined,
      ),
      socket,
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'خيارات المحادثة مع منى سمير' }));
    await user.click(await screen.findByRole('menuitem', { name: 'تثبيت المحادثة' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'PUT')).toBe(true));
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({ pinned: true });
  });

  it('starts a chat from a tutor profile with a first message, then opens it', async () => {
    const { socket } = chatSocket();
    const { router, requests } = renderApp({
      path: `/t/${TUTOR}`,
      user: { id: ME },
      socket,
      api: chatApi((request) => {
        if (request.path === `/api/v1/user/tutor/info/${TUTOR}`) {
          return json(200, makeTutorInfo());
        }
        if (request.path.startsWith('/api/v1/chat/room/by/members')) {
          return json(404, { code: 'room-not-found', message: 'no room' });
        }
        if (request.path === '/api/v1/chat/new') {
          const body = request.body as { message: string; clientRef: string };
          return json(200, {
            room: room({ unread: 0 }),
            message: message(60, { senderId: ME, text: body.message, clientRef: body.clientRef }),
          });
        }
        return undefined;
      }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'راسل المعلم' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'اكتب رسالتك' }), 'Hello teacher{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/chat'));
    expect(router.state.location.search).toBe(`?room=${ROOM}`);
    const posted = requests.find((request) => request.path === '/api/v1/chat/new');
    expect(posted?.body).toMatchObject({ userId: TUTOR, message: 'Hello teacher' });
    expect(await screen.findByRole('log', { name: 'الرسائل' })).toBeInTheDocument();
  });
});
