import '../../../test/setup.ts';
import { Role } from '@hiwar/domain';
import { mediaErrorMessages, sessionMessages } from '@hiwar/ui';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../../../test/fake-socket.ts';
import { json, makeSession } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { useLocalMedia } from '../hooks/use-local-media.ts';
import { device, FakePeerConnection, type FakeTrack, openFake } from '../testing/fake-media.ts';

const text = sessionMessages;

const DEVICES = [
  device('videoinput', 'cam-1', 'Front camera'),
  device('videoinput', 'cam-2', 'USB camera'),
  device('audioinput', 'mic-1', 'Laptop microphone'),
  device('audioinput', 'mic-2', 'Headset'),
  device('audiooutput', 'default', 'Default speaker'),
  device('audiooutput', 'spk-2', 'Headphones'),
];

let devices = DEVICES;
let onDeviceChange: (() => void) | null = null;
const getUserMedia = vi.fn(async (constraints: MediaStreamConstraints) => openFake(constraints));
const getDisplayMedia = vi.fn(async () => openFake({ video: { deviceId: { exact: 'screen' } } }));

beforeEach(() => {
  devices = DEVICES;
  FakePeerConnection.created = [];
  getUserMedia.mockClear();
  getUserMedia.mockImplementation(async (constraints) => openFake(constraints));
  vi.stubGlobal('RTCPeerConnection', FakePeerConnection);
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: {
      getUserMedia,
      getDisplayMedia,
      enumerateDevices: vi.fn(async () => devices),
      addEventListener: vi.fn((_: string, listener: () => void) => {
        onDeviceChange = listener;
      }),
      removeEventListener: vi.fn(),
    },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'mediaDevices');
  sessionStorage.clear();
});

/** The student back in the lesson room (as after a reload), alone in it, camera and microphone on. */
async function enterRoom() {
  const user = userEvent.setup();
  const view = renderApp({
    path: '/lesson/5',
    user: { id: 1, role: Role.Student },
    socket: new FakeSocket(),
    api: (request) =>
      request.path.startsWith('/api/v1/session/5') ? json(200, makeSession(-60_000)) : undefined,
  });
  await screen.findByRole('toolbar', { name: text.controls.label });
  await waitFor(() => expect(FakePeerConnection.created.length).toBeGreaterThan(0));
  const pc = () => FakePeerConnection.created.at(-1)!;
  const stream = () => screen.getByLabelText(text.room.selfView) as HTMLVideoElement;
  const selfTracks = () =>
    ((stream().srcObject as MediaStream | null)?.getTracks() ?? []) as unknown as FakeTrack[];
  // The camera and microphone opened (and any reopening settled) before a test counts its own opens.
  await waitFor(() => expect(selfTracks().map((track) => track.deviceId)).toEqual(['mic-1', 'cam-1']));
  return { user, view, pc, selfTracks };
}

/** Opens the gear menu and picks a device by its label. */
async function pick(user: ReturnType<typeof userEvent.setup>, label: string) {
  await user.click(screen.getByRole('button', { name: text.devices.menu }));
  await user.click(await screen.findByRole('menuitemradio', { name: label }));
}

describe('devices in the lesson room', () => {
  beforeEach(() => {
    sessionStorage.setItem('hiwar:room-joined:lesson:5', '1');
  });

  it('lists cameras, microphones and speakers with the ones in use checked', async () => {
    const { user } = await enterRoom();
    await user.click(screen.getByRole('button', { name: text.devices.menu }));
    const menu = await screen.findByRole('menu');
    const group = (name: string) => within(within(menu).getByRole('group', { name }));
    const checked = (name: string) =>
      group(name)
        .getAllByRole('menuitemradio')
        .filter((item) => item.getAttribute('aria-checked') === 'true')
        .map((item) => item.textContent);
    expect(group(text.devices.camera).getAllByRole('menuitemradio')).toHaveLength(2);
    expect(checked(text.devices.camera)).toEqual(['Front camera']);
    expect(checked(text.devices.microphone)).toEqual(['Laptop microphone']);
    expect(checked(text.devices.speaker)).toEqual(['Default speaker']);
  });

  it('sends a camera opened from the picked device on the video sender, keeping the microphone', async () => {
    const { user, pc, selfTracks } = await enterRoom();
    const [mic, cam] = selfTracks();
    getUserMedia.mockClear();
    await pick(user, 'USB camera');

    await waitFor(() => expect(pc().sender('video').replaceTrack).toHaveBeenCalledTimes(1));
    expect(getUserMedia).toHaveBeenCalledExactlyOnceWith({ video: { deviceId: { exact: 'cam-2' } } });
    const sent = pc().sender('video').track as unknown as FakeTrack;
    expect(sent.deviceId).toBe('cam-2');
    expect(pc().sender('audio').replaceTrack).not.toHaveBeenCalled();
    expect(cam?.stop).toHaveBeenCalled();
    expect(mic?.stop).not.toHaveBeenCalled();
    // The self view shows the new camera, and the pick is remembered for the next join.
    await waitFor(() => expect(selfTracks().map((track) => track.deviceId)).toEqual(['mic-1', 'cam-2']));
    expect(JSON.parse(localStorage.getItem('hiwar:room-devices') ?? '{}')).toMatchObject({
      cameraId: 'cam-2',
    });
    await user.click(screen.getByRole('button', { name: text.devices.menu }));
    expect(await screen.findByRole('menuitemradio', { name: 'USB camera' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });

  it('keeps a muted microphone muted on the new one', async () => {
    const { user, pc } = await enterRoom();
    await user.click(screen.getByRole('button', { name: text.controls.muteMic }));
    await pick(user, 'Headset');

    await waitFor(() => expect(pc().sender('audio').replaceTrack).toHaveBeenCalledTimes(1));
    const sent = pc().sender('audio').track as unknown as FakeTrack;
    expect(sent.deviceId).toBe('mic-2');
    expect(sent.enabled).toBe(false);
    expect(screen.getByRole('button', { name: text.controls.unmuteMic })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // The toggle now works on the new microphone.
    await user.click(screen.getByRole('button', { name: text.controls.unmuteMic }));
    expect(sent.enabled).toBe(true);
  });

  it('keeps the camera in use and says why when the picked one cannot be opened', async () => {
    const { user, pc, selfTracks } = await enterRoom();
    const [, cam] = selfTracks();
    getUserMedia.mockRejectedValueOnce(new DOMException('busy', 'NotReadableError'));
    await pick(user, 'USB camera');

    expect(await screen.findByText(mediaErrorMessages['media-device-in-use'])).toBeInTheDocument();
    expect(pc().sender('video').replaceTrack).not.toHaveBeenCalled();
    expect(pc().sender('video').track).toBe(cam);
    expect(cam?.stop).not.toHaveBeenCalled();
    expect(selfTracks()).toContain(cam);
    expect(JSON.parse(localStorage.getItem('hiwar:room-devices') ?? '{}').cameraId ?? null).toBeNull();
  });

  it('falls back to the default microphone when the one in use is unplugged, and says so', async () => {
    const { pc, selfTracks } = await enterRoom();
    getUserMedia.mockImplementation(async (constraints) =>
      openFake(constraints, { camera: 'cam-2', microphone: 'mic-2' }),
    );
    getUserMedia.mockClear();
    devices = DEVICES.filter((entry) => entry.deviceId !== 'mic-1');
    onDeviceChange?.();

    expect(await screen.findByText(text.devices.fallback('microphone'))).toBeInTheDocument();
    expect(getUserMedia).toHaveBeenCalledExactlyOnceWith({ audio: true });
    expect((pc().sender('audio').track as unknown as FakeTrack).deviceId).toBe('mic-2');
    expect(selfTracks().map((track) => track.deviceId)).toEqual(['mic-2', 'cam-1']);
  });

  it('falls back when the camera’s track ends by itself', async () => {
    const { pc, selfTracks } = await enterRoom();
    const [, cam] = selfTracks();
    cam?.unplug();
    expect(await screen.findByText(text.devices.fallback('camera'))).toBeInTheDocument();
    expect(pc().sender('video').track).not.toBe(cam);
  });

  it('keeps the shared screen on the wire and sends a new camera once sharing stops', async () => {
    const { user, pc } = await enterRoom();
    await user.click(screen.getByRole('button', { name: text.controls.shareScreen }));
    await screen.findByRole('button', { name: text.controls.stopSharing });
    const screenTrack = pc().sender('video').track as unknown as FakeTrack;
    expect(screenTrack.deviceId).toBe('screen');

    await pick(user, 'USB camera');
    expect(await screen.findByText(text.devices.cameraAfterSharing)).toBeInTheDocument();
    expect(pc().sender('video').track).toBe(screenTrack);

    await user.click(screen.getByRole('button', { name: text.controls.stopSharing }));
    await waitFor(() => expect((pc().sender('video').track as unknown as FakeTrack).deviceId).toBe('cam-2'));
  });

  it('plays the other member on the picked speaker and remembers it', async () => {
    const setSinkId = vi.spyOn(HTMLMediaElement.prototype, 'setSinkId');
    const { user } = await enterRoom();
    await pick(user, 'Headphones');
    await waitFor(() => expect(setSinkId).toHaveBeenCalledWith('spk-2'));
    const remote = setSinkId.mock.contexts.at(-1) as HTMLVideoElement;
    expect(remote).toBe(screen.getByLabelText(text.room.remoteVideo('سارة المعلمة')));
    expect(JSON.parse(localStorage.getItem('hiwar:room-devices') ?? '{}')).toMatchObject({
      speakerId: 'spk-2',
    });
    setSinkId.mockRestore();
  });

  it('can be used with the keyboard', async () => {
    const { user, pc } = await enterRoom();
    screen.getByRole('button', { name: text.devices.menu }).focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('menu');
    // Radix focuses the first item (the camera in use); the next one is the other camera.
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect((pc().sender('video').track as unknown as FakeTrack).deviceId).toBe('cam-2'));
  });
});

describe('rejoining', () => {
  it('opens the camera and microphone picked in the room', async () => {
    localStorage.setItem('hiwar:room-devices', JSON.stringify({ cameraId: 'cam-2', microphoneId: 'mic-2' }));
    function Harness() {
      const media = useLocalMedia();
      return <p>{media.status}</p>;
    }
    render(<Harness />);
    expect(await screen.findByText('ready')).toBeInTheDocument();
    expect(getUserMedia).toHaveBeenCalledWith({
      audio: { deviceId: { exact: 'mic-2' } },
      video: { deviceId: { exact: 'cam-2' } },
    });
  });
});
