import '../../test/setup.ts';
import { CHAT_CLIENT_EVENTS, CHAT_SERVER_EVENTS, type ChatMessage, type ChatRoom, Role } from '@hiwar/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../../test/fake-socket.ts';
import { json } from '../../test/fixtures.ts';
import { makeTutorInfo } from '../../test/lesson-fixtures.ts';
import { type ApiHandler, type ApiRequest, renderApp } from '../../test/render-app.tsx';

const ME = 12;
const TUTOR = 3;
const ROOM = 40;
/** Minutes since midnight in Cairo, where the day separators are drawn. */
function cairoMinutesIntoDay(instant: Date): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Africa/Cairo',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: string) => Number(parts.find((one) => one.type === type)?.value);
  return part('hour') * 60 + part('minute');
}
// The conversation's clock: now, but at least two hours into Cairo's day, so that the messages of
// "today" (up to 100 minutes old) are today and the one of "yesterday" (26 hours old) is yesterday at
// whatever hour the suite runs.
const now = Date.now() + Math.max(0, 120 - cairoMinutesIntoDay(new Date())) * 60_000;
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
    attachments: [],
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

function chatApi(extra?: ApiHandler): ApiHandler {
  return (request: ApiRequest) => {
    const answer = extra?.(request);
    if (answer) {
      return answer;
    }
    const { path } = request;
    if (path.startsWith(`/api/v1/chat/list/rooms/${ME}/`)) {
      return json(200, { list: [pinned, room()], total: 2, unreadTotal: 2 });
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

type FirstMessage = { message: string; clientRef: string };

/** `POST /chat/new`'s answer: the pair's room and the first message. */
const created = (body: FirstMessage) =>
  json(200, {
    room: room({ unread: 0 }),
    message: message(60, { senderId: ME, text: body.message, clientRef: body.clientRef }),
  });

/**
 * A tutor's profile around a first message: the tutor, the pair's room (none while `hasRoom` says so:
 * an empty answer, not a 404 the browser would log) and `POST /chat/new`, answered by `answer`.
 */
function firstMessageApi(
  hasRoom: () => boolean,
  answer: (body: FirstMessage) => Response | Promise<Response>,
): ApiHandler {
  return chatApi((request) => {
    if (request.path === `/api/v1/user/tutor/info/${TUTOR}`) {
      return json(200, makeTutorInfo());
    }
    if (request.path.startsWith('/api/v1/chat/room/by/members')) {
      return json(200, hasRoom() ? room({ unread: 0 }) : null);
    }
    if (request.path === '/api/v1/chat/new') {
      return answer(request.body as FirstMessage);
    }
    return undefined;
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

  it('shows a sent picture inline, fetched with the token, and a PDF as a chip that downloads', async () => {
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:chat-file');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const base = 'http://localhost/api/v1/chat/attachment';
    const withFiles = message(4, {
      text: '',
      attachments: [
        {
          name: 'واجب.jpg',
          kind: 'picture',
          mime: 'image/jpeg',
          size: 120_000,
          width: 800,
          height: 400,
          durationMs: null,
          url: `${base}/${'a'.repeat(32)}.jpg`,
        },
        {
          name: 'خطة الدرس.pdf',
          kind: 'pdf',
          mime: 'application/pdf',
          size: 2 * 1024 * 1024,
          width: null,
          height: null,
          durationMs: null,
          url: `${base}/${'b'.repeat(32)}.pdf`,
        },
      ],
    });
    const { socket } = chatSocket();
    const fileRequests: ApiRequest[] = [];
    const { requests } = renderApp({
      path: `/chat?room=${ROOM}`,
      user: { id: ME },
      api: chatApi((request) => {
        if (request.path.startsWith(`/api/v1/chat/list/${ROOM}/messages`)) {
          return json(200, { list: [withFiles, ...conversation], hasMore: false });
        }
        if (request.path.startsWith('/api/v1/chat/attachment/')) {
          fileRequests.push(request);
          return new Response(new Blob(['x']), { status: 200 });
        }
        return undefined;
      }),
      socket,
    });
    const log = await screen.findByRole('log', { name: 'الرسائل' });
    const picture = await within(log).findByRole('img', { name: 'صورة مرسلة: واجب.jpg' });
    expect(picture).toHaveAttribute('src', 'blob:chat-file');
    expect(within(log).getByRole('link', { name: 'فتح الصورة واجب.jpg بالحجم الكامل' })).toHaveAttribute(
      'target',
      '_blank',
    );
    expect(fileRequests[0]?.headers.Authorization ?? fileRequests[0]?.headers.authorization).toMatch(
      /^Bearer /,
    );
    const chip = within(log).getByRole('button', { name: /^تنزيل الملف خطة الدرس\.pdf/ });
    expect(chip).toHaveTextContent('٢ م.ب');
    await userEvent.setup().click(chip);
    await waitFor(() => expect(requests.filter((request) => request.path.endsWith('.pdf'))).toHaveLength(1));
  });

  it('attaches files with the keyboard-reachable button, checks them, and uploads them with the text', async () => {
    const { socket } = chatSocket();
    let uploaded: FormData | null = null;
    renderApp({
      path: `/chat?room=${ROOM}`,
      user: { id: ME },
      api: chatApi((request) => {
        if (request.path === `/api/v1/chat/room/${ROOM}/attachments` && request.method === 'POST') {
          uploaded = request.body as FormData;
          return json(200, {
            message: message(70, {
              senderId: ME,
              text: 'الواجب',
              clientRef: String(uploaded.get('clientRef')),
              createdAt: new Date().toISOString(),
              attachments: [
                {
                  name: 'plan.pdf',
                  kind: 'pdf',
                  mime: 'application/pdf',
                  size: 3000,
                  width: null,
                  height: null,
                  durationMs: null,
                  url: `http://localhost/api/v1/chat/attachment/${'c'.repeat(32)}.pdf`,
                },
              ],
            }),
          });
        }
        return undefined;
      }),
      socket,
    });
    // The picker offers pictures and PDFs only; a file dropped past it is still checked.
    const user = userEvent.setup({ applyAccept: false });
    const box = await screen.findByRole('textbox', { name: 'اكتب رسالتك' });
    await waitFor(() => expect(box).toBeEnabled());
    const attach = screen.getByRole('button', { name: 'إرفاق صورة أو ملف PDF' });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
    expect(input.accept).toContain('application/pdf');

    // A type the chat does not take is refused in Arabic before anything is sent.
    await user.upload(input, new File(['<html>'], 'page.html', { type: 'text/html' }));
    expect(screen.getByRole('alert')).toHaveTextContent('نوع الملف غير مدعوم');
    const tooBig = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.pdf', { type: 'application/pdf' });
    await user.upload(input, tooBig);
    expect(screen.getByRole('alert')).toHaveTextContent('حجم الملف أكبر من ١٠ ميجابايت');

    await user.upload(input, new File(['%PDF-1.7'], 'plan.pdf', { type: 'application/pdf' }));
    const chosen = screen.getByRole('list', { name: 'المرفقات المختارة' });
    expect(within(chosen).getByText('plan.pdf')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(attach).toBeEnabled();

    await user.type(box, 'الواجب{Enter}');
    await waitFor(() => expect(uploaded).not.toBeNull());
    const form = uploaded as unknown as FormData;
    expect(form.get('text')).toBe('الواجب');
    expect((form.get('file') as File).name).toBe('plan.pdf');
    const log = screen.getByRole('log', { name: 'الرسائل' });
    expect(await within(log).findByRole('button', { name: /^تنزيل الملف plan\.pdf/ })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'المرفقات المختارة' })).not.toBeInTheDocument();
    expect(box).toHaveValue('');
  });

  it('says in Arabic why the server refused the attachments, keeping them to try again', async () => {
    const { socket } = chatSocket();
    renderApp({
      path: `/chat?room=${ROOM}`,
      user: { id: ME },
      api: chatApi((request) =>
        request.path === `/api/v1/chat/room/${ROOM}/attachments`
          ? json(400, { code: 'invalid-type', message: 'Not a picture' })
          : undefined,
      ),
      socket,
    });
    const user = userEvent.setup();
    const box = await screen.findByRole('textbox', { name: 'اكتب رسالتك' });
    await waitFor(() => expect(box).toBeEnabled());
    const input = document.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['not really'], 'photo.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'إرسال' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('نوع الملف غير مدعوم');
    expect(screen.getByRole('list', { name: 'المرفقات المختارة' })).toHaveTextContent('photo.png');
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
      api: firstMessageApi(() => false, created),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'راسل المعلم' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'اكتب رسالتك' }), 'Hello teacher{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/chat'));
    expect(router.state.location.search).toBe(`?room=${ROOM}`);
    expect(requests.some((request) => request.path.startsWith('/api/v1/chat/room/by/members'))).toBe(true);
    const posted = requests.find((request) => request.path === '/api/v1/chat/new');
    expect(posted?.body).toMatchObject({ userId: TUTOR, message: 'Hello teacher' });
    expect(await screen.findByRole('log', { name: 'الرسائل' })).toBeInTheDocument();
  });

  it('opens the new room even when the room arrived before the answer', async () => {
    const { socket } = chatSocket();
    let exists = false;
    const rendered = renderApp({
      path: `/t/${TUTOR}`,
      user: { id: ME },
      socket,
      api: firstMessageApi(
        () => exists,
        (body) => createdLate(body),
      ),
    });
    // The `chat:room` event can beat the answer: the pair's lookup finds the room, the button becomes
    // a link to it, and the dialog that sent the message unmounts before the answer arrives.
    async function createdLate(body: FirstMessage): Promise<Response> {
      exists = true;
      await rendered.services.queryClient.invalidateQueries();
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      return created(body);
    }
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'راسل المعلم' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'اكتب رسالتك' }), 'Hello teacher{Enter}');

    await waitFor(() => expect(rendered.router.state.location.pathname).toBe('/chat'));
    expect(rendered.router.state.location.search).toBe(`?room=${ROOM}`);
  });

  it('opens the existing room from a tutor profile', async () => {
    const { socket } = chatSocket();
    renderApp({
      path: `/t/${TUTOR}`,
      user: { id: ME },
      socket,
      api: chatApi((request) =>
        request.path === `/api/v1/user/tutor/info/${TUTOR}` ? json(200, makeTutorInfo()) : undefined,
      ),
    });
    expect(await screen.findByRole('link', { name: 'راسل المعلم' })).toHaveAttribute(
      'href',
      `/chat?room=${ROOM}`,
    );
  });

  it('offers a tutor no first message to another tutor, only the room the pair already has', async () => {
    const { socket } = chatSocket();
    let exists = false;
    const rendered = renderApp({
      path: `/t/${TUTOR}`,
      user: { id: ME, role: Role.Tutor },
      socket,
      api: firstMessageApi(
        () => exists,
        () => json(403, { code: 'forbidden', message: 'forbidden' }),
      ),
    });
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() =>
      expect(
        rendered.requests.some((request) => request.path.startsWith('/api/v1/chat/room/by/members')),
      ).toBe(true),
    );
    expect(screen.queryByRole('button', { name: 'راسل المعلم' })).not.toBeInTheDocument();
    exists = true;
    await rendered.services.queryClient.invalidateQueries();
    expect(await screen.findByRole('link', { name: 'راسل المعلم' })).toHaveAttribute(
      'href',
      `/chat?room=${ROOM}`,
    );
  });

  it('invites to say hello in a room nobody wrote in yet, listed below the conversations', async () => {
    const { socket } = chatSocket();
    const booked = room({
      id: 42,
      other: { id: 6, name: 'هبة مصطفى', image: null, role: Role.Tutor, online: false },
      lastMessage: null,
      lastMessageAt: at(1),
      unread: 0,
    });
    renderApp({
      path: '/chat',
      user: { id: ME },
      socket,
      api: chatApi(({ path }) =>
        path.startsWith(`/api/v1/chat/list/rooms/${ME}/`)
          ? json(200, { list: [pinned, room(), booked], total: 3, unreadTotal: 2 })
          : undefined,
      ),
    });
    const list = await screen.findByRole('list', { name: 'قائمة المحادثات' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[2]).toHaveTextContent('لا رسائل بعد. ألقِ التحية على هبة مصطفى وابدأ المحادثة');
    // Its first message moves it up among the conversations.
    await play(socket, CHAT_SERVER_EVENTS.message, {
      message: message(70, {
        roomId: 42,
        senderId: 6,
        text: 'أهلًا يوسف',
        createdAt: new Date().toISOString(),
      }),
    });
    await waitFor(() => expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent('هبة مصطفى'));
    expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent('أهلًا يوسف');
  });
});

/** A stand-in for Web Audio that counts the chimes (each is two notes). */
class CountingAudioContext {
  static notes = 0;
  state = 'running';
  currentTime = 0;
  destination = {};
  resume() {
    return Promise.resolve();
  }
  createGain() {
    const param = { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined };
    return { gain: param, connect: (next: unknown) => next };
  }
  createOscillator() {
    return {
      type: 'sine',
      frequency: { value: 0 },
      connect: (next: unknown) => next,
      start: () => {
        CountingAudioContext.notes += 1;
      },
      stop: () => undefined,
    };
  }
}

/** A stand-in for the Notification API, allowed, recording what was shown. */
class RecordingNotification {
  static permission: NotificationPermission = 'granted';
  static shown: RecordingNotification[] = [];
  static requestPermission = vi.fn(() => Promise.resolve<NotificationPermission>('granted'));
  onclick: (() => void) | null = null;
  constructor(
    readonly title: string,
    readonly options: NotificationOptions,
  ) {
    RecordingNotification.shown.push(this);
  }
  close() {}
}

describe('/chat alerts', () => {
  let visibility: DocumentVisibilityState = 'visible';
  beforeEach(() => {
    CountingAudioContext.notes = 0;
    RecordingNotification.shown = [];
    RecordingNotification.permission = 'granted';
    visibility = 'visible';
    vi.stubGlobal('AudioContext', CountingAudioContext);
    vi.stubGlobal('Notification', RecordingNotification);
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    document.title = 'حوار';
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
  const chimes = () => CountingAudioContext.notes / 2;
  const newMessage = (id: number) => message(id, { text: `جديد ${id}`, createdAt: new Date().toISOString() });

  it('chimes and shows a toast for a room not muted, and counts it in the badge and the tab title', async () => {
    const { socket } = chatSocket();
    const { router } = renderApp({ path: '/chat', user: { id: ME }, api: chatApi(), socket });
    await screen.findByRole('list', { name: 'قائمة المحادثات' });
    await waitFor(() => expect(document.title).toBe('(٢) حوار'));

    await play(socket, CHAT_SERVER_EVENTS.message, { message: newMessage(11) });
    const toast = (await screen.findByText('رسالة جديدة من منى سمير')).closest('li') as HTMLElement;
    expect(chimes()).toBe(1);
    expect(within(toast).getByText('جديد 11')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('(٣) حوار'));
    expect(RecordingNotification.shown).toEqual([]);

    const user = userEvent.setup();
    await user.click(within(toast).getByRole('button', { name: /^فتح المحادثة/ }));
    await waitFor(() => expect(router.state.location.search).toBe(`?room=${ROOM}`));
  });

  it('keeps a room muted on another device quiet: no chime, no toast, out of the badge and the title', async () => {
    const { socket } = chatSocket();
    renderApp({ path: '/chat', user: { id: ME }, api: chatApi(), socket });
    const list = await screen.findByRole('list', { name: 'قائمة المحادثات' });
    await waitFor(() => expect(document.title).toBe('(٢) حوار'));

    // The phone muted it: the server tells this tab.
    await play(socket, CHAT_SERVER_EVENTS.room, { room: room({ muted: true }), reason: 'updated' });
    expect(await within(list).findByLabelText('الإشعارات مكتومة')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('حوار'));
    const nav = screen.getAllByRole('navigation', { name: 'التنقل الرئيسي' })[0] as HTMLElement;
    expect(within(nav).getByRole('link', { name: /المحادثات/ })).not.toHaveTextContent('غير مقروء');

    await play(socket, CHAT_SERVER_EVENTS.message, { message: newMessage(11) });
    visibility = 'hidden';
    await play(socket, CHAT_SERVER_EVENTS.message, { message: newMessage(12) });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(chimes()).toBe(0);
    expect(screen.queryByText('رسالة جديدة من منى سمير')).not.toBeInTheDocument();
    expect(RecordingNotification.shown).toEqual([]);
    expect(document.title).toBe('حوار');
  });

  it('notifies through the browser while the tab is in the background, and opens the room on click', async () => {
    const { socket } = chatSocket();
    const { router } = renderApp({ path: '/upcoming-lessons', user: { id: ME }, api: chatApi(), socket });
    await waitFor(() => expect(document.title).toBe('(٢) حوار'));
    visibility = 'hidden';
    await play(socket, CHAT_SERVER_EVENTS.message, { message: newMessage(11) });
    await waitFor(() => expect(RecordingNotification.shown).toHaveLength(1));
    const [shown] = RecordingNotification.shown;
    expect(shown).toMatchObject({
      title: 'رسالة جديدة من منى سمير',
      options: { body: 'جديد 11', tag: `chat-room-${ROOM}` },
    });
    expect(chimes()).toBe(1);
    await act(async () => shown?.onclick?.());
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat'));
    expect(router.state.location.search).toBe(`?room=${ROOM}`);
  });

  it('says nothing about a message of the conversation on screen', async () => {
    const { socket } = chatSocket();
    renderApp({ path: `/chat?room=${ROOM}`, user: { id: ME }, api: chatApi(), socket });
    const log = await screen.findByRole('log', { name: 'الرسائل' });
    await play(socket, CHAT_SERVER_EVENTS.message, { message: newMessage(11) });
    expect(await within(log).findByText('جديد 11')).toBeInTheDocument();
    expect(chimes()).toBe(0);
    expect(screen.queryByText('رسالة جديدة من منى سمير')).not.toBeInTheDocument();
  });

  it('offers browser notifications until the user answered', async () => {
    RecordingNotification.permission = 'default';
    RecordingNotification.requestPermission.mockImplementation(async () => {
      RecordingNotification.permission = 'granted';
      return 'granted';
    });
    const { socket } = chatSocket();
    renderApp({ path: '/chat', user: { id: ME }, api: chatApi(), socket });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'تفعيل إشعارات الرسائل' }));
    expect(RecordingNotification.requestPermission).toHaveBeenCalled();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'تفعيل إشعارات الرسائل' })).not.toBeInTheDocument(),
    );
  });
});

describe('/chat from the keyboard', () => {
  it('arrow keys walk the rooms, Enter opens one with the focus in its composer, Enter sends', async () => {
    const { socket, emitted } = chatSocket();
    const { router } = renderApp({ path: '/chat', user: { id: ME }, api: chatApi(), socket });
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'قائمة المحادثات' });
    const omar = within(list).getByRole('link', { name: /Omar Adel/ });
    const mona = within(list).getByRole('link', { name: /منى سمير/ });

    omar.focus();
    await user.keyboard('{ArrowDown}');
    expect(mona).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(mona).toHaveFocus();
    await user.keyboard('{Home}');
    expect(omar).toHaveFocus();
    await user.keyboard('{End}');
    expect(mona).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(omar).toHaveFocus();

    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe(`?room=${ROOM}`));
    const box = await screen.findByRole('textbox', { name: 'اكتب رسالتك' });
    await waitFor(() => expect(box).toHaveFocus());
    await user.keyboard('شكرًا{Enter}');
    await waitFor(() =>
      expect(emitted.find((item) => item.event === CHAT_CLIENT_EVENTS.send)?.payload).toMatchObject({
        roomId: ROOM,
        text: 'شكرًا',
      }),
    );
  });

  it('a room opened by its address leaves the focus where it was', async () => {
    const { socket } = chatSocket();
    renderApp({ path: `/chat?room=${ROOM}`, user: { id: ME }, api: chatApi(), socket });
    const box = await screen.findByRole('textbox', { name: 'اكتب رسالتك' });
    await waitFor(() => expect(box).toBeEnabled());
    expect(box).not.toHaveFocus();
  });
});
