import type { Signal } from '@hiwar/domain';
import { sendTrack } from './device-switch.ts';

/** Sends one signal to the other member through the server; resolves its ack code. */
export type SignalSender = (signal: Signal) => Promise<{ code: string }>;

export type PeerLinkOptions = {
  /** The polite peer yields when both offer at once (perfect negotiation): the guest (student). */
  polite: boolean;
  iceServers: RTCIceServer[];
  send: SignalSender;
  /** What this side sends from the start; a missing kind is received only. */
  audio: MediaStreamTrack | null;
  video: MediaStreamTrack | null;
  stream: MediaStream;
  /** The other member's media, one stream for the life of this link. */
  onRemoteStream: (stream: MediaStream) => void;
  onStateChange: (state: RTCIceConnectionState) => void;
  createPeerConnection?: (config: RTCConfiguration) => RTCPeerConnection;
  log?: (message: string, detail?: unknown) => void;
};

/**
 * One RTCPeerConnection to the other member with perfect negotiation (the W3C pattern): either side
 * may renegotiate (screen share, ICE restart) and an offer collision is settled by politeness. The host
 * makes the first offer once the other member is known to be in the room (`pair()`); until then nothing
 * is offered, so no offer is lost to an empty room. ICE that fails is restarted automatically.
 */
export class PeerLink {
  readonly pc: RTCPeerConnection;
  readonly remoteStream: MediaStream;
  private readonly options: PeerLinkOptions;
  private makingOffer = false;
  private ignoreOffer = false;
  private settingRemoteAnswer = false;
  private paired = false;
  private closed = false;
  /** Incoming signals are applied one at a time, in arrival order. */
  private queue: Promise<void> = Promise.resolve();

  constructor(options: PeerLinkOptions) {
    this.options = options;
    const create = options.createPeerConnection ?? ((config) => new RTCPeerConnection(config));
    this.pc = create({ iceServers: options.iceServers });
    this.remoteStream = new MediaStream();
    const { pc } = this;
    for (const [kind, track] of [
      ['audio', options.audio],
      ['video', options.video],
    ] as const) {
      if (track) {
        pc.addTrack(track, options.stream);
      } else if (!options.polite) {
        // The host offers: it needs an m-line per kind to receive what it does not send.
        pc.addTransceiver(kind, { direction: 'recvonly' });
      }
    }
    pc.addEventListener('track', (event) => {
      if (!this.remoteStream.getTracks().includes(event.track)) {
        this.remoteStream.addTrack(event.track);
      }
      options.onRemoteStream(this.remoteStream);
    });
    pc.addEventListener('negotiationneeded', () => {
      void this.negotiate();
    });
    pc.addEventListener('icecandidate', ({ candidate }) => {
      if (candidate && this.paired) {
        void this.send({ type: 'ice-candidate', candidate: candidate.toJSON() as never });
      }
    });
    pc.addEventListener('iceconnectionstatechange', () => {
      options.onStateChange(pc.iceConnectionState);
      if (pc.iceConnectionState === 'failed') {
        // A lost path (network change, NAT timeout): gather again and renegotiate.
        pc.restartIce();
      }
    });
  }

  /** The other member is in the room: the host offers now; the guest waits for that offer. */
  pair(): void {
    this.paired = true;
    if (!this.options.polite) {
      void this.negotiate();
    }
  }

  get isPaired(): boolean {
    return this.paired;
  }

  /** Applies a signal from the other member (in order). */
  receive(signal: Signal): Promise<void> {
    this.queue = this.queue
      .then(() => this.apply(signal))
      .catch((error: unknown) => this.log('signal failed', error));
    return this.queue;
  }

  /** Sends `track` as this side's video (camera, screen, or nothing), on the one video sender. */
  setVideoTrack(track: MediaStreamTrack | null): Promise<void> {
    return sendTrack(this.pc, 'video', track, this.options.stream);
  }

  close(): void {
    this.closed = true;
    this.pc.close();
  }

  private async negotiate(): Promise<void> {
    if (!this.paired || this.closed) {
      return;
    }
    try {
      this.makingOffer = true;
      await this.pc.setLocalDescription();
      const sdp = this.pc.localDescription?.sdp;
      if (sdp) {
        await this.send({ type: 'offer', sdp });
      }
    } catch (error) {
      this.log('offer failed', error);
    } finally {
      this.makingOffer = false;
    }
  }

  private async apply(signal: Signal): Promise<void> {
    if (this.closed) {
      return;
    }
    const { pc } = this;
    if (signal.type === 'ice-candidate') {
      try {
        await pc.addIceCandidate(signal.candidate as RTCIceCandidateInit);
      } catch (error) {
        if (!this.ignoreOffer) {
          this.log('candidate refused', error);
        }
      }
      return;
    }
    // An offer from the other side means they are in the room: the guest pairs on the host's first offer.
    this.paired = true;
    const readyForOffer = !this.makingOffer && (pc.signalingState === 'stable' || this.settingRemoteAnswer);
    const collision = signal.type === 'offer' && !readyForOffer;
    this.ignoreOffer = !this.options.polite && collision;
    if (this.ignoreOffer) {
      return;
    }
    this.settingRemoteAnswer = signal.type === 'answer';
    try {
      await pc.setRemoteDescription({ type: signal.type, sdp: signal.sdp });
    } finally {
      this.settingRemoteAnswer = false;
    }
    if (signal.type === 'offer') {
      await pc.setLocalDescription();
      const sdp = pc.localDescription?.sdp;
      if (sdp) {
        await this.send({ type: 'answer', sdp });
      }
    }
  }

  private async send(signal: Signal): Promise<void> {
    if (this.closed) {
      return;
    }
    const ack = await this.options.send(signal);
    if (ack.code !== 'ok') {
      this.log(`signal ${signal.type} answered`, ack.code);
    }
  }

  private log(message: string, detail?: unknown): void {
    (this.options.log ?? ((m: string, d?: unknown) => console.debug(`[room] ${m}`, d)))(message, detail);
  }
}
