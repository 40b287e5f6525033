import { useSocket } from '@hiwar/client';
import {
  type AckCode,
  SESSION_CLIENT_EVENTS as C,
  type MediaRelay,
  MediaRelaySchema,
  type MediaState,
  PeerEventSchema,
  PingRelaySchema,
  ReplacedEventSchema,
  SESSION_SERVER_EVENTS as S,
  type Session,
  type SessionRef,
  type Signal,
  SignalRelaySchema,
  sessionKey,
} from '@hiwar/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  type QualityReading,
  type QualitySample,
  rateQuality,
  sampleStats,
} from '../lib/connection-quality.ts';
import { openTrack, replaceLocalTrack, sendTrack } from '../lib/device-switch.ts';
import type { TrackKind } from '../lib/media-devices.ts';
import { PeerLink } from '../lib/peer-link.ts';

/**
 * Where the room stands: `joining` (waiting for the server), `waiting` (alone in the room),
 * `connecting`/`connected`/`reconnecting` (the media path to the other member), `replaced` (this
 * member opened the room elsewhere), `refused` (the server said no: `joinError`).
 */
export type RoomPhase =
  | 'joining'
  | 'waiting'
  | 'connecting'
  | 'connected'
  | 'reconnecting'
  | 'replaced'
  | 'refused';

export interface SessionRoom {
  phase: RoomPhase;
  joinError: AckCode | null;
  remoteStream: MediaStream | null;
  /** What the other member sends (null until they say). */
  peerMedia: MediaState | null;
  local: MediaState;
  /** The screen being shared, for the self view. */
  screenStream: MediaStream | null;
  quality: QualityReading;
  toggleMic(): void;
  toggleCamera(): void;
  /** Starts or stops screen sharing; resolves false when the browser refused. */
  toggleScreen(): Promise<boolean>;
  /**
   * Opens `deviceId` (null: the default device) as the camera or microphone and puts it in place of
   * the current one, on the connection and in the self view, keeping mute and camera-off. While the
   * screen is shared a new camera waits for the sharing to stop. Rejects with the browser's error,
   * the old track still in use.
   */
  switchDevice(kind: TrackKind, deviceId: string | null): Promise<void>;
  /** Leaves the room (recorded), stops sharing. */
  leave(): void;
  /** Takes the room back after `replaced`. */
  rejoin(): void;
}

const STATS_INTERVAL_MS = 2000;
const PING_INTERVAL_MS = 5000;
const UNKNOWN_QUALITY: QualityReading = { quality: 'unknown', rttMs: null, lossPercent: null };

/** Reads a server event for this session, or null for another session's or a malformed one. */
function forSession<T extends { session: SessionRef }>(
  schema: { safeParse(data: unknown): { success: true; data: T } | { success: false } },
  ref: SessionRef,
  payload: unknown,
): T | null {
  const parsed = schema.safeParse(payload);
  return parsed.success && sessionKey(parsed.data.session) === sessionKey(ref) ? parsed.data : null;
}

/**
 * The live room for one member (architecture §6): joins the session over the socket (again after a
 * reconnect or a reload), keeps one peer connection to the other member (renewed whenever they
 * arrive again), relays media toggles both ways, shares the screen on the video sender, pings the
 * other member, and rates the connection from `getStats`.
 */
export function useSessionRoom(options: {
  session: Session;
  userId: number;
  stream: MediaStream | null;
  /** `false` stops everything (left or ended). */
  active: boolean;
}): SessionRoom {
  const { session, userId, stream, active } = options;
  const ref = session.ref;
  const key = sessionKey(ref);
  const { socket, manager } = useSocket();
  const [phase, setPhase] = useState<RoomPhase>('joining');
  const [joinError, setJoinError] = useState<AckCode | null>(null);
  const [remoteStream, setRemoteStream] = useState<MediaStream | null>(null);
  const [peerMedia, setPeerMedia] = useState<MediaState | null>(null);
  const [quality, setQuality] = useState<QualityReading>(UNKNOWN_QUALITY);
  const [screenStream, setScreenStream] = useState<MediaStream | null>(null);
  const [local, setLocal] = useState<MediaState>(() => ({
    camera: Boolean(stream?.getVideoTracks()[0]?.enabled),
    mic: Boolean(stream?.getAudioTracks()[0]?.enabled),
    screen: false,
  }));
  const [attempt, setAttempt] = useState(0);
  const link = useRef<PeerLink | null>(null);
  const localRef = useRef(local);
  localRef.current = local;
  const screenRef = useRef<MediaStream | null>(null);

  // What this member sends follows the devices opened (they settle after the hook first runs).
  useEffect(() => {
    const next = {
      camera: Boolean(stream?.getVideoTracks()[0]?.enabled),
      mic: Boolean(stream?.getAudioTracks()[0]?.enabled),
      screen: localRef.current.screen,
    };
    localRef.current = next;
    setLocal(next);
  }, [stream]);

  const me = session.members.find((member) => member.id === userId);
  const polite = !(me?.isHost ?? false);

  const sendMedia = useCallback(
    (state: MediaState) => {
      void manager.emitWithAck(C.media, { session: ref, ...state });
    },
    [manager, ref],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: the session key stands for `ref`; `attempt` re-joins.
  useEffect(() => {
    if (!socket || !active) {
      return;
    }
    let replaced = false;
    const iceServers = session.iceServers as RTCIceServer[];

    /** A fresh connection to the other member; the old one is closed. */
    const renewLink = (): PeerLink => {
      link.current?.close();
      setRemoteStream(null);
      const screenTrack = screenRef.current?.getVideoTracks()[0] ?? null;
      const created = new PeerLink({
        polite,
        iceServers,
        stream: stream ?? new MediaStream(),
        audio: stream?.getAudioTracks()[0] ?? null,
        video: screenTrack ?? stream?.getVideoTracks()[0] ?? null,
        send: (signal: Signal) => manager.emitWithAck(C.signal, { session: ref, signal }),
        onRemoteStream: (remote) => {
          if (link.current === created) {
            setRemoteStream(new MediaStream(remote.getTracks()));
          }
        },
        onStateChange: (state) => {
          if (link.current !== created) {
            return;
          }
          if (state === 'connected' || state === 'completed') {
            setPhase('connected');
          } else if (state === 'disconnected' || state === 'failed') {
            setPhase('reconnecting');
          } else if (state === 'checking') {
            setPhase((current) => (current === 'connected' ? 'reconnecting' : 'connecting'));
          }
        },
      });
      link.current = created;
      return created;
    };

    /** The other member is here (they were, or just arrived): pair and tell them what we send. */
    const paired = (current: PeerLink) => {
      current.pair();
      setPhase('connecting');
      sendMedia(localRef.current);
    };

    const join = async () => {
      setPhase('joining');
      const current = renewLink();
      const ack = await manager.emitWithAck<{ code: AckCode; peers?: number[] }>(C.join, { session: ref });
      if (link.current !== current || replaced) {
        return;
      }
      if (ack.code !== 'ok') {
        setJoinError(ack.code);
        setPhase('refused');
        return;
      }
      setJoinError(null);
      if ('peers' in ack && Array.isArray(ack.peers) && ack.peers.length > 0) {
        paired(current);
      } else {
        setPhase('waiting');
      }
    };

    const onPeerJoined = (payload: unknown) => {
      if (forSession(PeerEventSchema, ref, payload)) {
        paired(renewLink());
      }
    };
    const onPeerLeft = (payload: unknown) => {
      if (forSession(PeerEventSchema, ref, payload)) {
        renewLink();
        setPeerMedia(null);
        setQuality(UNKNOWN_QUALITY);
        setPhase('waiting');
      }
    };
    const onSignal = (payload: unknown) => {
      const relay = forSession(SignalRelaySchema, ref, payload);
      if (relay && link.current) {
        if (relay.signal.type === 'offer') {
          setPhase((current) => (current === 'waiting' || current === 'joining' ? 'connecting' : current));
        }
        void link.current.receive(relay.signal);
      }
    };
    const onMedia = (payload: unknown) => {
      const relay: MediaRelay | null = forSession(MediaRelaySchema, ref, payload);
      if (relay) {
        setPeerMedia({ camera: relay.camera, mic: relay.mic, screen: relay.screen });
      }
    };
    const onPing = (payload: unknown) => {
      const ping = forSession(PingRelaySchema, ref, payload);
      if (ping) {
        void manager.emitWithAck(C.pong, { session: ref, sentAt: ping.sentAt });
      }
    };
    const onReplaced = (payload: unknown) => {
      if (forSession(ReplacedEventSchema, ref, payload)) {
        replaced = true;
        link.current?.close();
        link.current = null;
        setRemoteStream(null);
        setPhase('replaced');
      }
    };
    const onConnect = () => {
      if (!replaced) {
        void join();
      }
    };

    socket.on(S.peerJoined, onPeerJoined);
    socket.on(S.peerLeft, onPeerLeft);
    socket.on(S.signal, onSignal);
    socket.on(S.media, onMedia);
    socket.on(S.ping, onPing);
    socket.on(S.replaced, onReplaced);
    socket.on('connect', onConnect);
    if (socket.connected) {
      void join();
    }

    const pinger = setInterval(() => {
      if (link.current?.isPaired) {
        void manager.emitWithAck(C.ping, { session: ref, sentAt: Date.now() });
      }
    }, PING_INTERVAL_MS);
    let previous: QualitySample | null = null;
    const stats = setInterval(() => {
      const current = link.current;
      if (!current?.isPaired || current.pc.connectionState === 'closed') {
        previous = null;
        return;
      }
      current.pc
        .getStats()
        .then((report) => {
          const sample = sampleStats(report);
          setQuality(rateQuality(previous, sample));
          previous = sample;
        })
        .catch(() => undefined);
    }, STATS_INTERVAL_MS);

    return () => {
      clearInterval(pinger);
      clearInterval(stats);
      socket.off(S.peerJoined, onPeerJoined);
      socket.off(S.peerLeft, onPeerLeft);
      socket.off(S.signal, onSignal);
      socket.off(S.media, onMedia);
      socket.off(S.ping, onPing);
      socket.off(S.replaced, onReplaced);
      socket.off('connect', onConnect);
      link.current?.close();
      link.current = null;
      if (!replaced) {
        void manager.emitWithAck(C.leave, { session: ref });
      }
    };
  }, [socket, active, key, stream, manager, polite, attempt, sendMedia]);

  // Stop sharing when the room closes.
  useEffect(() => {
    if (active) {
      return;
    }
    for (const track of screenRef.current?.getTracks() ?? []) {
      track.stop();
    }
    screenRef.current = null;
    setScreenStream(null);
  }, [active]);

  const update = useCallback(
    (next: MediaState) => {
      setLocal(next);
      localRef.current = next;
      sendMedia(next);
    },
    [sendMedia],
  );

  const toggleMic = useCallback(() => {
    const track = stream?.getAudioTracks()[0];
    if (!track) {
      return;
    }
    track.enabled = !track.enabled;
    update({ ...localRef.current, mic: track.enabled });
  }, [stream, update]);

  const toggleCamera = useCallback(() => {
    const track = stream?.getVideoTracks()[0];
    if (!track) {
      return;
    }
    track.enabled = !track.enabled;
    update({ ...localRef.current, camera: track.enabled });
  }, [stream, update]);

  const stopSharing = useCallback(async () => {
    const shared = screenRef.current;
    if (!shared) {
      return;
    }
    screenRef.current = null;
    setScreenStream(null);
    await link.current?.setVideoTrack(stream?.getVideoTracks()[0] ?? null);
    for (const track of shared.getTracks()) {
      track.stop();
    }
    update({ ...localRef.current, screen: false });
  }, [stream, update]);

  const toggleScreen = useCallback(async (): Promise<boolean> => {
    if (screenRef.current) {
      await stopSharing();
      return true;
    }
    try {
      const shared = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
      const track = shared.getVideoTracks()[0];
      if (!track) {
        return false;
      }
      // The browser's own "stop sharing" button ends the track.
      track.addEventListener('ended', () => void stopSharing());
      screenRef.current = shared;
      setScreenStream(shared);
      await link.current?.setVideoTrack(track);
      update({ ...localRef.current, screen: true });
      return true;
    } catch {
      return false;
    }
  }, [stopSharing, update]);

  const switchDevice = useCallback(
    async (kind: TrackKind, deviceId: string | null): Promise<void> => {
      if (!stream) {
        throw Object.assign(new Error('no local media'), { name: 'NotFoundError' });
      }
      const next = await openTrack(kind, deviceId);
      const flag = kind === 'audio' ? 'mic' : 'camera';
      const had = stream.getTracks().some((track) => track.kind === kind);
      // The screen stays on the video sender while shared; `stopSharing` sends the stream's camera.
      const onWire = () => (kind === 'video' && screenRef.current ? null : (link.current?.pc ?? null));
      const pc = onWire();
      await replaceLocalTrack({ stream, next, enabled: had ? localRef.current[flag] : true, pc });
      // A link renewed meanwhile (the other member came back) started with the old track. The switch
      // itself is done by now, so a failure here is the new link's to recover (it renegotiates).
      const renewed = onWire();
      if (renewed && renewed !== pc) {
        await sendTrack(renewed, kind, next, stream).catch(() => undefined);
      }
      if (!had) {
        update({ ...localRef.current, [flag]: true });
      }
    },
    [stream, update],
  );

  const leave = useCallback(() => {
    void stopSharing();
  }, [stopSharing]);

  const rejoin = useCallback(() => {
    setAttempt((value) => value + 1);
  }, []);

  return {
    phase,
    joinError,
    remoteStream,
    peerMedia,
    local,
    screenStream,
    quality,
    toggleMic,
    toggleCamera,
    toggleScreen,
    switchDevice,
    leave,
    rejoin,
  };
}
