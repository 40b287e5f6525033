import '../../test/setup.ts';
import { type ChatMessage, type ChatRoom, Role } from '@hiwar/domain';
import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useVoiceRecorder } from '../../features/chat/lib/voice-recorder.ts';
import { FakeSocket } from '../../test/fake-socket.ts';
import { json } from '../../test/fixtures.ts';
import { type ApiHandler, type ApiRequest, renderApp } from '../../test/render-app.tsx';

const ME = 12;
const TUTOR = 3;
const ROOM = 40;
const FILES = 'http://localhost/api/v1/chat/attachment';

function message(id: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    roomId: ROOM,
    senderId: TUTOR,
    text: `رسالة رقم ${id}`,
    clientRef: null,
    createdAt: new Date(Date.now() - (100 - id) * 60_000).toISOString(),
    editedAt: null,
    deletedAt: null,
    attachments: [],
    ...overrides,
  };
}

const voiceNote = (durationMs: number | null, name = 'd'.repeat(32)) => ({
  name: 'voice-note.webm',
  kind: 'voice' as const,
  mime: 'audio/webm',
  size: 9000,
  width: null,
  height: null,
  durationMs,
  url: `${FILES}/${name}.webm`,
});

const room: ChatRoom = {
  id: ROOM,
  other: { id: TUTOR, name: 'منى سمير', image: null, role: Role.Tutor, online: true },
  lastMessage: message(2),
  lastMessageAt: new Date().toISOString(),
  unread: 0,
  pinned: false,
  muted: false,
  otherLastReadMessageId: null,
};

function chatApi(extra?: ApiHandler, list: ChatMessage[] = [message(2), message(1)]): ApiHandler {
  return (request: ApiRequest) => {
    const answer = extra?.(request);
    if (answer) {
      return answer;
    }
    const { path } = request;
    if (path.startsWith(`/api/v1/chat/list/rooms/${ME}/`)) {
      return json(200, { list: [room], total: 1, unreadTotal: 0 });
    }
    if (path === `/api/v1/chat/room/members/${ROOM}`) {
      return json(200, { list: [room.other, { ...room.other, id: ME, name: 'سارة', role: Role.Student }] });
    }
    if (path.startsWith('/api/v1/chat/room/by/members')) {
      return json(200, room);
    }
    if (path.startsWith(`/api/v1/chat/list/${ROOM}/messages`)) {
      return json(200, { list, hasMore: false });
    }
    if (path.startsWith('/api/v1/chat/attachment/')) {
      return new Response(new Blob(['voice'], { type: 'audio/webm' }), { status: 200 });
    }
    return undefined;
  };
}

/** MediaRecorder as the browser runs it, without a microphone: `stop` hands over one chunk and stops. */
class FakeMediaRecorder {
  static supported: string[] = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus'];
  static made: FakeMediaRecorder[] = [];
  static chunk = new Blob(['recorded opus'], { type: 'audio/webm' });
  static isTypeSupported(type: string) {
    return FakeMediaRecorder.supported.includes(type);
  }
  state: 'inactive' | 'recording' = 'inactive';
  timeslice: number | undefined;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(
    readonly stream: MediaStream,
    readonly options: MediaRecorderOptions,
  ) {
    FakeMediaRecorder.made.push(this);
  }
  start(timeslice?: number) {
    this.state = 'recording';
    this.timeslice = timeslice;
  }
  stop() {
    if (this.state === 'inactive') {
      return;
    }
    this.state = 'inactive';
    queueMicrotask(() => {
      this.ondataavailable?.({ data: FakeMediaRecorder.chunk });
      this.onstop?.();
    });
  }
}

const track = { stop: vi.fn() };
const stream = { getTracks: () => [track] } as unknown as MediaStream;
const getUserMedia = vi.fn<(constraints: MediaStreamConstraints) => Promise<MediaStream>>();

beforeEach(() => {
  FakeMediaRecorder.supported = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus'];
  FakeMediaRecorder.made = [];
  FakeMediaRecorder.chunk = new Blob(['recorded opus'], { type: 'audio/webm' });
  track.stop.mockClear();
  getUserMedia.mockReset();
  getUserMedia.mockResolvedValue(stream);
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
  URL.createObjectURL = vi.fn(() => 'blob:voice-note');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function openRoom(extra?: ApiHandler, list?: ChatMessage[]) {
  return renderApp({
    path: `/chat?room=${ROOM}`,
    user: { id: ME },
    api: chatApi(extra, list),
    socket: new FakeSocket(),
  });
}

async function micButton() {
  const box = await screen.findByRole('textbox', { name: 'اكتب رسالتك' });
  await waitFor(() => expect(box).toBeEnabled());
  return screen.getByRole('button', { name: 'تسجيل رسالة صوتية' });
}

describe('chat voice notes', () => {
  it('records with the keyboard alone, previews, and sends the note, which shows as a player', async () => {
    let uploaded: FormData | null = null;
    openRoom((request) => {
      if (request.path === `/api/v1/chat/room/${ROOM}/attachments` && request.method === 'POST') {
        uploaded = request.body as FormData;
        return json(200, {
          message: message(70, {
            senderId: ME,
            text: '',
            clientRef: String(uploaded.get('clientRef')),
            createdAt: new Date().toISOString(),
            attachments: [voiceNote(2000, 'e'.repeat(32))],
          }),
        });
      }
      return undefined;
    });
    const user = userEvent.setup();
    const mic = await micButton();
    mic.focus();
    await user.keyboard('{Enter}');

    // Recording: Opus in WebM at 32 kb/s, the same button now stops it and keeps the focus.
    await waitFor(() => expect(mic).toHaveAccessibleName('إيقاف التسجيل'));
    expect(mic).toHaveFocus();
    expect(getUserMedia).toHaveBeenCalledWith({ audio: true });
    expect(FakeMediaRecorder.made[0]?.options).toEqual({
      mimeType: 'audio/webm;codecs=opus',
      audioBitsPerSecond: 32_000,
    });
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('بدأ التسجيل. الحد الأقصى دقيقتان.');
    expect(screen.getByTestId('voice-timer')).toHaveTextContent('٠:٠٠ من ٢:٠٠');
    // The text box's send and the attach button wait while a note is being made.
    expect(screen.getByRole('button', { name: 'إرفاق صورة أو ملف PDF' })).toBeDisabled();

    await user.keyboard('{Enter}');
    const preview = await screen.findByLabelText('معاينة الرسالة الصوتية قبل إرسالها');
    expect(preview.tagName).toBe('AUDIO');
    expect(preview).toHaveAttribute('src', 'blob:voice-note');
    expect(track.stop).toHaveBeenCalled(); // the microphone is released at once
    const send = screen.getByRole('button', { name: 'إرسال الرسالة الصوتية' });
    await waitFor(() => expect(send).toHaveFocus());
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('انتهى التسجيل');

    await user.keyboard('{Enter}');
    await waitFor(() => expect(uploaded).not.toBeNull());
    const file = (uploaded as unknown as FormData).get('file') as File;
    expect(file.name).toBe('voice-note.webm');
    expect(file.type).toBe('audio/webm');
    expect((uploaded as unknown as FormData).get('text')).toBeNull();

    const log = screen.getByRole('log', { name: 'الرسائل' });
    const player = await within(log).findByLabelText('رسالة صوتية، مدتها ٠:٠٢');
    expect(player.tagName).toBe('AUDIO');
    expect(player).toHaveAttribute('controls');
    expect(screen.queryByLabelText('معاينة الرسالة الصوتية قبل إرسالها')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'تسجيل رسالة صوتية' })).toHaveFocus());
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('أُرسلت الرسالة الصوتية.');
  });

  it('deletes a recording without sending it', async () => {
    const posts: ApiRequest[] = [];
    openRoom((request) => {
      if (request.method === 'POST') {
        posts.push(request);
      }
      return undefined;
    });
    const user = userEvent.setup();
    const mic = await micButton();
    await user.click(mic);
    await waitFor(() => expect(mic).toHaveAccessibleName('إيقاف التسجيل'));
    await user.click(mic);
    await user.click(await screen.findByRole('button', { name: 'حذف التسجيل' }));
    expect(screen.queryByLabelText('معاينة الرسالة الصوتية قبل إرسالها')).not.toBeInTheDocument();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:voice-note');
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('حُذف التسجيل.');
    expect(screen.getByRole('button', { name: 'تسجيل رسالة صوتية' })).toBeEnabled();
    expect(posts.filter((request) => request.path.endsWith('/attachments'))).toHaveLength(0);
  });

  it('says in Arabic when the microphone is refused, missing, or recording is not supported', async () => {
    getUserMedia.mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'));
    openRoom();
    const user = userEvent.setup();
    const mic = await micButton();
    await user.click(mic);
    expect(await screen.findByRole('alert')).toHaveTextContent('لم يُسمح باستخدام الميكروفون');
    expect(mic).toHaveAccessibleName('تسجيل رسالة صوتية');

    getUserMedia.mockRejectedValueOnce(new DOMException('none', 'NotFoundError'));
    await user.click(mic);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('لم نجد ميكروفونًا'));

    FakeMediaRecorder.supported = ['audio/mp4'];
    await user.click(mic);
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('متصفحك لا يدعم تسجيل الرسائل الصوتية'),
    );
    expect(getUserMedia).toHaveBeenCalledTimes(2);
  });

  it('keeps the recording and says why when the server refuses it', async () => {
    openRoom((request) =>
      request.path === `/api/v1/chat/room/${ROOM}/attachments`
        ? json(413, { code: 'payload-too-large', message: 'too long' })
        : undefined,
    );
    const user = userEvent.setup();
    const mic = await micButton();
    await user.click(mic);
    await waitFor(() => expect(mic).toHaveAccessibleName('إيقاف التسجيل'));
    await user.click(mic);
    await user.click(await screen.findByRole('button', { name: 'إرسال الرسالة الصوتية' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('الرسالة الصوتية أطول من دقيقتين');
    expect(screen.getByLabelText('معاينة الرسالة الصوتية قبل إرسالها')).toBeInTheDocument();
  });

  it('shows a received voice note as a player fetched with the token, with its length', async () => {
    const requests: ApiRequest[] = [];
    openRoom(
      (request) => {
        if (request.path.startsWith('/api/v1/chat/attachment/')) {
          requests.push(request);
        }
        return undefined;
      },
      [message(5, { text: '', attachments: [voiceNote(65_400)] }), message(1)],
    );
    const log = await screen.findByRole('log', { name: 'الرسائل' });
    const player = await within(log).findByLabelText('رسالة صوتية، مدتها ١:٠٥');
    await waitFor(() => expect(player).toHaveAttribute('src', 'blob:voice-note'));
    expect(requests[0]?.headers.Authorization ?? requests[0]?.headers.authorization).toMatch(/^Bearer /);
  });
});

describe('useVoiceRecorder', () => {
  it('records Ogg where WebM is not supported', async () => {
    FakeMediaRecorder.supported = ['audio/ogg;codecs=opus'];
    FakeMediaRecorder.chunk = new Blob(['ogg'], { type: 'audio/ogg' });
    const { result } = renderHook(() => useVoiceRecorder());
    await act(() => result.current.start());
    expect(FakeMediaRecorder.made[0]?.options.mimeType).toBe('audio/ogg;codecs=opus');
    await act(async () => result.current.stop());
    await waitFor(() => expect(result.current.state.status).toBe('recorded'));
    const state = result.current.state;
    expect(state.status === 'recorded' && state.recording.file.name).toBe('voice-note.ogg');
    expect(state.status === 'recorded' && state.recording.file.type).toBe('audio/ogg');
  });

  it('counts the seconds and stops by itself at the limit', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const { result } = renderHook(() => useVoiceRecorder(120));
    await act(() => result.current.start());
    await act(async () => vi.advanceTimersByTime(5_100));
    expect(result.current.state).toEqual({ status: 'recording', seconds: 5 });
    await act(async () => vi.advanceTimersByTime(115_000));
    await waitFor(() => expect(result.current.state.status).toBe('recorded'));
    const state = result.current.state;
    expect(state.status === 'recorded' && state.recording).toMatchObject({
      seconds: 120,
      stoppedAtLimit: true,
    });
    expect(track.stop).toHaveBeenCalled();
  });

  it('gives up on an empty recording and releases everything when unmounted', async () => {
    FakeMediaRecorder.chunk = new Blob([], { type: 'audio/webm' });
    const { result, unmount } = renderHook(() => useVoiceRecorder());
    await act(() => result.current.start());
    await act(async () => result.current.stop());
    await waitFor(() => expect(result.current.state).toEqual({ status: 'error', error: 'empty' }));
    FakeMediaRecorder.chunk = new Blob(['x'], { type: 'audio/webm' });
    await act(() => result.current.start());
    track.stop.mockClear();
    unmount();
    expect(track.stop).toHaveBeenCalled();
    expect(FakeMediaRecorder.made.at(-1)?.state).toBe('inactive');
  });
});
