import type { Session, SessionFacts } from '@hiwar/domain';
import { Avatar, Badge, Button, cn, Spinner, sessionMessages, useToast } from '@hiwar/ui';
import { MicOff, MonitorUp, Volume2 } from 'lucide-react';
import { useCallback, useState } from 'react';
import type { LocalMedia } from '../hooks/use-local-media.ts';
import { useRoomDevices } from '../hooks/use-room-devices.ts';
import type { SessionRoom } from '../hooks/use-session-room.ts';
import { sessionText } from '../lib/session-text.ts';
import { ConnectionQualityBadge } from './connection-quality-badge.tsx';
import { RoomControls } from './room-controls.tsx';
import { SessionChatPanel } from './session-chat-panel.tsx';
import { SessionTimer } from './session-timer.tsx';
import { VideoTile } from './video-tile.tsx';

const text = sessionMessages.room;

export interface SessionRoomViewProps {
  session: Session;
  facts: SessionFacts;
  userId: number;
  now: Date;
  room: SessionRoom;
  /** The camera and microphone opened before the room, and the device lists. */
  media: LocalMedia;
  onLeave: () => void;
  /** The member just came in with a button that is now gone: the controls take the focus. */
  focusControls?: boolean;
}

/**
 * The room: the other member's video (with their camera, microphone and screen-sharing state), the
 * self view, the lesson timer, the connection quality, the chat panel and the controls (with the
 * device menu, whose speaker choice the other member's video plays on).
 */
export function SessionRoomView({
  session,
  facts,
  userId,
  now,
  room,
  media,
  onLeave,
  focusControls = false,
}: SessionRoomViewProps) {
  const { stream } = media;
  const devices = useRoomDevices({ media, room });
  const [chatOpen, setChatOpen] = useState(false);
  const { toast } = useToast();
  const [soundBlocked, setSoundBlocked] = useState(false);
  const onAutoplayBlocked = useCallback(() => setSoundBlocked(true), []);
  const other = session.members.find((member) => member.id !== userId) ?? session.members[0]!;
  const otherName = other.name ?? text.unnamed;
  const words = sessionText(session.ref.kind);
  const peerCameraOff = room.peerMedia !== null && !room.peerMedia.camera && !room.peerMedia.screen;
  const hasRemoteVideo = room.remoteStream !== null && room.remoteStream.getVideoTracks().length > 0;
  const status =
    room.phase === 'waiting' || room.phase === 'joining'
      ? text.waiting(otherName)
      : room.phase === 'connecting'
        ? text.connecting
        : room.phase === 'reconnecting'
          ? text.reconnecting
          : null;
  const selfStream = room.screenStream ?? stream;
  // A switched camera is a new track in the same stream: a fresh tile plays it for sure.
  const selfTrack = selfStream?.getVideoTracks()[0]?.id;

  return (
    <section aria-label={words.region} className="flex flex-col gap-4 py-4">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-lg font-bold">{words.with(otherName)}</h1>
        <div className="flex flex-wrap items-center gap-3">
          <SessionTimer facts={facts} now={now} />
          <ConnectionQualityBadge reading={room.quality} />
        </div>
      </header>
      <div className={cn('grid gap-4', chatOpen && 'lg:grid-cols-[1fr_22rem]')}>
        <div className="relative h-[60vh] min-h-72 overflow-hidden rounded-2xl bg-black sm:h-[calc(100dvh-16rem)]">
          <VideoTile
            stream={room.remoteStream}
            aria-label={text.remoteVideo(otherName)}
            onAutoplayBlocked={onAutoplayBlocked}
            mediaRef={devices.speakerTarget}
            className={cn('absolute inset-0', !hasRemoteVideo && 'invisible')}
          />
          {peerCameraOff || !hasRemoteVideo ? (
            <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 text-white">
              <Avatar src={other.image} name={otherName} size="lg" />
              {status ? (
                <p className="flex items-center gap-2" role="status">
                  {room.phase !== 'waiting' ? <Spinner /> : null}
                  {status}
                </p>
              ) : peerCameraOff ? (
                <p>{text.peerCameraOff}</p>
              ) : null}
            </div>
          ) : status ? (
            <p
              role="status"
              className="absolute inset-x-0 top-3 mx-auto w-fit rounded-full bg-black/60 px-3 py-1 text-sm text-white"
            >
              {status}
            </p>
          ) : null}
          <div className="absolute start-3 top-3 flex flex-wrap gap-2">
            {room.peerMedia?.screen ? (
              <Badge tone="info">
                <MonitorUp aria-hidden className="size-4" />
                {text.peerSharing(otherName)}
              </Badge>
            ) : null}
            {room.peerMedia && !room.peerMedia.mic ? (
              <Badge tone="warning">
                <MicOff aria-hidden className="size-4" />
                {text.peerMuted}
              </Badge>
            ) : null}
          </div>
          {soundBlocked ? (
            <Button
              className="absolute inset-x-0 bottom-3 mx-auto w-fit"
              onClick={(event) => {
                const video = event.currentTarget.parentElement?.querySelector('video');
                if (video) {
                  video.muted = false;
                  void video.play().catch(() => undefined);
                }
                setSoundBlocked(false);
              }}
            >
              <Volume2 aria-hidden />
              {text.enableSound}
            </Button>
          ) : null}
          <div className="absolute bottom-3 end-3 aspect-video w-40 overflow-hidden rounded-xl border-2 border-white/70 bg-black shadow-card sm:w-56">
            {selfStream && (room.local.camera || room.local.screen) ? (
              <VideoTile
                key={selfTrack}
                stream={selfStream}
                self={!room.local.screen}
                muted
                aria-label={text.selfView}
              />
            ) : (
              <div className="flex h-full items-center justify-center text-sm text-white/80">{text.you}</div>
            )}
            {room.local.screen ? (
              <span className="absolute inset-x-0 bottom-0 bg-black/60 px-2 py-0.5 text-center text-xs text-white">
                {text.youAreSharing}
              </span>
            ) : null}
          </div>
        </div>
        {chatOpen ? <SessionChatPanel roomId={session.chatRoomId} /> : null}
      </div>
      <RoomControls
        local={room.local}
        hasMic={Boolean(stream?.getAudioTracks()[0])}
        hasCamera={Boolean(stream?.getVideoTracks()[0])}
        canShareScreen={typeof navigator !== 'undefined' && Boolean(navigator.mediaDevices?.getDisplayMedia)}
        chatOpen={chatOpen}
        devices={devices}
        onToggleMic={room.toggleMic}
        onToggleCamera={room.toggleCamera}
        onToggleScreen={() =>
          void room.toggleScreen().then((ok) => {
            if (!ok) {
              toast({ type: 'error', title: sessionMessages.controls.shareFailed });
            }
          })
        }
        onToggleChat={() => setChatOpen((open) => !open)}
        onLeave={onLeave}
        leaveLabel={words.leave}
        autoFocus={focusControls}
      />
    </section>
  );
}
