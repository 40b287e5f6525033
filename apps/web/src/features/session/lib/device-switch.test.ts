import { describe, expect, it, vi } from 'vitest';
import {
  asPeerConnection,
  asTrack,
  FakePeerConnection,
  FakeTrack,
  fakeStream,
  openFake,
} from '../testing/fake-media.ts';
import { openTrack, playOn, replaceLocalTrack, sendTrack, trackConstraints } from './device-switch.ts';

/** A stream of a microphone and a camera, both sent on a peer connection. */
function sending() {
  const mic = new FakeTrack('audio', 'mic-1');
  const cam = new FakeTrack('video', 'cam-1');
  const stream = fakeStream(mic, cam);
  const pc = new FakePeerConnection();
  pc.addTrack(asTrack(mic));
  pc.addTrack(asTrack(cam));
  return { mic, cam, stream, pc };
}

describe('device switch', () => {
  it('asks for one kind only, the picked device exactly or the default one', () => {
    expect(trackConstraints('video', 'cam-2')).toEqual({ video: { deviceId: { exact: 'cam-2' } } });
    expect(trackConstraints('audio', null)).toEqual({ audio: true });
  });

  it('opens one track from the picked device and fails like getUserMedia when none came', async () => {
    const getUserMedia = vi.fn(async (constraints: MediaStreamConstraints) => openFake(constraints));
    const track = await openTrack('video', 'cam-2', getUserMedia);
    expect(track.getSettings().deviceId).toBe('cam-2');
    expect(getUserMedia).toHaveBeenCalledWith({ video: { deviceId: { exact: 'cam-2' } } });

    await expect(openTrack('audio', null, async () => fakeStream())).rejects.toMatchObject({
      name: 'NotFoundError',
    });
  });

  it('replaces the camera on the video sender only, keeps camera-off, stops the old camera', async () => {
    const { mic, cam, stream, pc } = sending();
    cam.enabled = false;
    const next = new FakeTrack('video', 'cam-2');
    const old = await replaceLocalTrack({
      stream,
      next: asTrack(next),
      enabled: false,
      pc: asPeerConnection(pc),
    });

    expect(old).toBe(cam);
    expect(pc.sender('video').replaceTrack).toHaveBeenCalledWith(next);
    expect(pc.sender('audio').replaceTrack).not.toHaveBeenCalled();
    expect(next.enabled).toBe(false);
    expect(cam.stop).toHaveBeenCalled();
    expect(stream.getVideoTracks()).toEqual([next]);
    expect(stream.getAudioTracks()).toEqual([mic]);
    expect(pc.addTrack).toHaveBeenCalledTimes(2);
  });

  it('keeps the old track in use when the connection refuses the new one', async () => {
    const { mic, stream, pc } = sending();
    pc.sender('audio').failure = new DOMException('refused', 'InvalidModificationError');
    const next = new FakeTrack('audio', 'mic-2');
    await expect(
      replaceLocalTrack({ stream, next: asTrack(next), enabled: true, pc: asPeerConnection(pc) }),
    ).rejects.toThrow('refused');
    expect(stream.getAudioTracks()).toEqual([mic]);
    expect(mic.stop).not.toHaveBeenCalled();
    expect(next.stop).toHaveBeenCalled();
  });

  it('swaps only the stream when nothing goes on the wire (the screen is shared)', async () => {
    const { cam, stream, pc } = sending();
    const screen = new FakeTrack('video', 'screen');
    await sendTrack(asPeerConnection(pc), 'video', asTrack(screen), stream);
    const next = new FakeTrack('video', 'cam-2');
    await replaceLocalTrack({ stream, next: asTrack(next), enabled: true, pc: null });
    expect(pc.sender('video').track).toBe(screen);
    expect(stream.getVideoTracks()).toEqual([next]);
    expect(cam.stop).toHaveBeenCalled();
  });

  it('starts sending on a receive-only transceiver, adds a track where there is none', async () => {
    const pc = new FakePeerConnection();
    pc.addTransceiver('video', { direction: 'recvonly' });
    const stream = fakeStream();
    const cam = new FakeTrack('video', 'cam-1');
    await sendTrack(asPeerConnection(pc), 'video', asTrack(cam), stream);
    expect(pc.sender('video').track).toBe(cam);
    expect(pc.transceivers[0]?.direction).toBe('sendrecv');

    const mic = new FakeTrack('audio', 'mic-1');
    await sendTrack(asPeerConnection(pc), 'audio', asTrack(mic), stream);
    expect(pc.addTrack).toHaveBeenCalledWith(mic, stream);

    pc.close();
    await sendTrack(asPeerConnection(pc), 'audio', asTrack(new FakeTrack('audio', 'mic-2')), stream);
    expect(pc.sender('audio').replaceTrack).not.toHaveBeenCalled();
  });

  it('plays on the picked speaker, or the default output for null', async () => {
    const video = document.createElement('video');
    const setSinkId = vi.spyOn(video, 'setSinkId');
    await playOn(video, 'spk-2');
    await playOn(video, null);
    expect(setSinkId.mock.calls).toEqual([['spk-2'], ['']]);
  });
});
