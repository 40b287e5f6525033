import '../../../test/setup.ts';
import { MEDIA_ERROR_CODES, type MediaErrorCode } from '@hiwar/domain';
import { mediaErrorMessages, sessionMessages } from '@hiwar/ui';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLocalMedia } from '../hooks/use-local-media.ts';
import { PreJoin } from './pre-join.tsx';

const text = sessionMessages.preJoin;

function fakeTrack(kind: 'audio' | 'video', deviceId: string) {
  return { kind, enabled: true, stop: vi.fn(), getSettings: () => ({ deviceId }) };
}

function fakeStream(camera = 'cam-1', microphone = 'mic-1'): MediaStream {
  const tracks = [fakeTrack('audio', microphone), fakeTrack('video', camera)];
  // happy-dom's <video> takes only its own MediaStream, so the fake is one with fake tracks.
  return Object.assign(Object.create(MediaStream.prototype) as MediaStream, {
    id: `stream-${camera}`,
    getTracks: () => tracks,
    getAudioTracks: () => tracks.filter((track) => track.kind === 'audio'),
    getVideoTracks: () => tracks.filter((track) => track.kind === 'video'),
  });
}

const DEVICES = [
  { kind: 'videoinput', deviceId: 'cam-1', label: 'Front camera', groupId: 'a' },
  { kind: 'videoinput', deviceId: 'cam-2', label: '', groupId: 'b' },
  { kind: 'audioinput', deviceId: 'mic-1', label: 'Headset', groupId: 'a' },
];

const getUserMedia = vi.fn<(constraints: MediaStreamConstraints) => Promise<MediaStream>>();

beforeEach(() => {
  localStorage.clear();
  getUserMedia.mockReset();
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: {
      getUserMedia,
      enumerateDevices: vi.fn(async () => DEVICES),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    },
  });
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

function Harness({ onJoin = () => undefined }: { onJoin?: () => void }) {
  const media = useLocalMedia();
  return <PreJoin media={media} subtitle={text.with('سارة')} label="يمكنك الدخول الآن" onJoin={onJoin} />;
}

const NAMES: Record<MediaErrorCode, string> = {
  'media-device-not-found': 'NotFoundError',
  'media-device-in-use': 'NotReadableError',
  'media-over-constrained': 'OverconstrainedError',
  'media-permission-denied': 'NotAllowedError',
  'media-unexpected': 'AbortError',
};

describe('pre-join', () => {
  it.each(MEDIA_ERROR_CODES.map((code) => [NAMES[code], code] as const))(
    'shows the Arabic media error for %s and lets the user retry or join without devices',
    async (name, code) => {
      getUserMedia.mockRejectedValue(new DOMException('failed', name));
      render(<Harness />);
      expect(await screen.findByRole('alert')).toHaveTextContent(mediaErrorMessages[code]);
      expect(screen.queryByText(text.ready)).toBeNull();
      expect(screen.getByRole('button', { name: text.joinWithoutMedia })).toBeEnabled();

      getUserMedia.mockResolvedValue(fakeStream());
      await userEvent.click(screen.getByRole('button', { name: text.retry }));
      expect(await screen.findByText(text.ready)).toBeInTheDocument();
      expect(screen.queryByRole('alert')).toBeNull();
    },
  );

  it('previews the camera, lists the devices, says it is ready and joins', async () => {
    getUserMedia.mockResolvedValue(fakeStream());
    const onJoin = vi.fn();
    render(<Harness onJoin={onJoin} />);
    expect(await screen.findByText(text.ready, { exact: true })).toBeInTheDocument();
    expect(screen.getByLabelText(text.preview).tagName).toBe('VIDEO');
    expect(screen.getByRole('meter', { name: text.micLevel })).toHaveAttribute('aria-valuenow', '0');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: text.camera })).toHaveTextContent('Front camera'),
    );
    expect(screen.getByRole('combobox', { name: text.microphone })).toHaveTextContent('Headset');
    expect(getUserMedia).toHaveBeenCalledWith({ audio: true, video: true });

    await userEvent.click(screen.getByRole('button', { name: text.join }));
    expect(onJoin).toHaveBeenCalledTimes(1);
  });

  it('opens the picked camera exactly and remembers it on this device', async () => {
    getUserMedia.mockResolvedValue(fakeStream());
    render(<Harness />);
    await screen.findByText(text.ready);
    getUserMedia.mockResolvedValue(fakeStream('cam-2'));
    await userEvent.click(screen.getByRole('combobox', { name: text.camera }));
    await userEvent.click(await screen.findByRole('option', { name: text.deviceLabel('camera', 2) }));
    await waitFor(() =>
      expect(getUserMedia).toHaveBeenLastCalledWith({ audio: true, video: { deviceId: { exact: 'cam-2' } } }),
    );
    expect(JSON.parse(localStorage.getItem('hiwar:room-devices') ?? '{}')).toMatchObject({
      cameraId: 'cam-2',
    });
  });
});
