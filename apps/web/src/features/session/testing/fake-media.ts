import { vi } from 'vitest';

/**
 * Test stand-ins for the browser's media: happy-dom has MediaStream (which the `<video>` requires) but
 * no camera tracks, devices or RTCPeerConnection.
 */

let trackCount = 0;

/** A camera or microphone track: its device, `enabled`, `stop()`, and `ended` when unplugged. */
export class FakeTrack extends EventTarget {
  readonly id: string;
  enabled = true;
  readyState: MediaStreamTrackState = 'live';
  readonly stop = vi.fn(() => {
    this.readyState = 'ended';
  });

  constructor(
    readonly kind: 'audio' | 'video',
    readonly deviceId: string,
  ) {
    super();
    trackCount += 1;
    this.id = `${kind}:${deviceId}:${trackCount}`;
  }

  getSettings(): MediaTrackSettings {
    return { deviceId: this.deviceId };
  }

  /** The device was pulled out: the browser ends the track by itself. */
  unplug(): void {
    this.readyState = 'ended';
    this.dispatchEvent(new Event('ended'));
  }
}

export const asTrack = (track: FakeTrack): MediaStreamTrack => track as unknown as MediaStreamTrack;

/** happy-dom's MediaStream (the only kind its `<video>` takes) with the `getTracks()` it lacks. */
class FakeMediaStream extends MediaStream {
  override getTracks(): MediaStreamTrack[] {
    return [...this.getAudioTracks(), ...this.getVideoTracks()];
  }
}

/** A stream holding fake tracks. */
export function fakeStream(...tracks: FakeTrack[]): MediaStream {
  return new FakeMediaStream(tracks as unknown as MediaStreamTrack[]);
}

/** What `getUserMedia` opens for these constraints: one fake track per kind asked, from its device. */
export function openFake(
  constraints: MediaStreamConstraints,
  defaults = { camera: 'cam-1', microphone: 'mic-1' },
) {
  const device = (asked: MediaStreamConstraints['audio'], fallback: string) => {
    const exact =
      typeof asked === 'object' ? (asked.deviceId as { exact?: string } | undefined)?.exact : undefined;
    return exact ?? fallback;
  };
  const tracks: FakeTrack[] = [];
  if (constraints.audio) {
    tracks.push(new FakeTrack('audio', device(constraints.audio, defaults.microphone)));
  }
  if (constraints.video) {
    tracks.push(new FakeTrack('video', device(constraints.video, defaults.camera)));
  }
  return fakeStream(...tracks);
}

export const device = (kind: MediaDeviceKind, deviceId: string, label = ''): MediaDeviceInfo =>
  ({ kind, deviceId, label, groupId: deviceId }) as MediaDeviceInfo;

export class FakeSender {
  /** Set to make the next `replaceTrack` fail. */
  failure: Error | null = null;
  readonly replaceTrack = vi.fn(async (track: MediaStreamTrack | null) => {
    if (this.failure) {
      throw this.failure;
    }
    this.track = track;
  });

  constructor(public track: MediaStreamTrack | null) {}
}

interface FakeTransceiver {
  sender: FakeSender;
  receiver: { track: { kind: string } };
  direction: RTCRtpTransceiverDirection;
}

/** Enough of RTCPeerConnection for a link that is set up but never negotiates (no other member). */
export class FakePeerConnection extends EventTarget {
  static created: FakePeerConnection[] = [];
  signalingState: RTCSignalingState = 'stable';
  connectionState: RTCPeerConnectionState = 'new';
  iceConnectionState: RTCIceConnectionState = 'new';
  localDescription: RTCSessionDescription | null = null;
  readonly transceivers: FakeTransceiver[] = [];
  readonly addTrack = vi.fn((track: MediaStreamTrack) => {
    const sender = new FakeSender(track);
    this.transceivers.push({ sender, receiver: { track: { kind: track.kind } }, direction: 'sendrecv' });
    return sender;
  });

  constructor() {
    super();
    FakePeerConnection.created.push(this);
  }

  addTransceiver(kind: string, init?: RTCRtpTransceiverInit) {
    const transceiver = {
      sender: new FakeSender(null),
      receiver: { track: { kind } },
      direction: init?.direction ?? 'sendrecv',
    };
    this.transceivers.push(transceiver);
    return transceiver;
  }

  getTransceivers() {
    return this.transceivers;
  }

  getSenders() {
    return this.transceivers.map((transceiver) => transceiver.sender);
  }

  /** The sender of this side's `kind` (test helper). */
  sender(kind: 'audio' | 'video'): FakeSender {
    const found = this.transceivers.find((transceiver) => transceiver.receiver.track.kind === kind);
    if (!found) {
      throw new Error(`no ${kind} sender`);
    }
    return found.sender;
  }

  close() {
    this.signalingState = 'closed';
  }

  async getStats() {
    return new Map();
  }

  async setLocalDescription() {}
  async setRemoteDescription() {}
  async addIceCandidate() {}
  restartIce() {}
}

export const asPeerConnection = (pc: FakePeerConnection): RTCPeerConnection =>
  pc as unknown as RTCPeerConnection;
