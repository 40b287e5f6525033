import { STORED_IMAGE_WIDTHS, uploadSrcSet } from '@hiwar/domain';
import { cn, fieldControlClassName, lessonsMessages } from '@hiwar/ui';
import { Play } from 'lucide-react';
import { useCallback, useId, useRef, useState } from 'react';

const text = lessonsMessages.profile;
const SPEEDS = [0.75, 1, 1.25, 1.5, 2] as const;

/**
 * The tutor's introduction video with a playback-speed choice. Until the visitor presses play it is its
 * poster, a plain picture with a play button (issue 26): the poster is the profile's largest picture,
 * and a `<video controls>` on a phone's first load cost a style pass over the player's own controls and
 * fetched its picture only once laid out. Pressing play puts the player in its place, playing, with
 * the focus on it.
 */
export function IntroVideo({ src, poster }: { src: string; poster?: string | null }) {
  const video = useRef<HTMLVideoElement>(null);
  const [speed, setSpeed] = useState(1);
  const [started, setStarted] = useState(false);
  const id = useId();
  const chosenSpeed = useRef(speed);
  chosenSpeed.current = speed;
  // Once, when the player takes the poster's place: the chosen speed, and the focus that was on play.
  const attachPlayer = useCallback((element: HTMLVideoElement | null) => {
    video.current = element;
    if (element) {
      element.playbackRate = chosenSpeed.current;
      element.focus();
    }
  }, []);
  return (
    <figure className="flex flex-col gap-2">
      {started ? (
        // biome-ignore lint/a11y/useMediaCaption: tutors upload their own videos; captions are not collected.
        <video
          ref={attachPlayer}
          src={src}
          poster={poster || undefined}
          controls
          autoPlay
          aria-label={text.video}
          className="aspect-video w-full rounded-2xl bg-black"
        />
      ) : (
        <button
          type="button"
          onClick={() => setStarted(true)}
          aria-label={text.playVideo}
          className="group relative aspect-video w-full overflow-hidden rounded-2xl bg-black focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          {poster ? (
            <img
              src={poster}
              // The poster fills the profile's column (at most 56rem): a phone takes a 640 or 960 px copy.
              srcSet={uploadSrcSet(poster, STORED_IMAGE_WIDTHS.poster)}
              sizes="(min-width: 56rem) 56rem, 100vw"
              alt=""
              fetchPriority="high"
              decoding="async"
              className="size-full object-cover"
            />
          ) : null}
          <span className="absolute inset-0 flex items-center justify-center">
            <span className="flex size-16 items-center justify-center rounded-full bg-black/60 text-white transition-transform group-hover:scale-110">
              <Play aria-hidden className="size-8 translate-x-0.5 fill-current" />
            </span>
          </span>
        </button>
      )}
      <figcaption className="flex items-center justify-end gap-2 text-sm">
        <label htmlFor={id} className="whitespace-nowrap">
          {text.speed}
        </label>
        {/* The field class sets `w-full`: the wrapper gives the width. */}
        <span className="w-24 shrink-0">
          <select
            id={id}
            value={speed}
            onChange={(event) => {
              const next = Number(event.target.value);
              setSpeed(next);
              if (video.current) {
                video.current.playbackRate = next;
              }
            }}
            className={cn(fieldControlClassName, 'h-9')}
          >
            {SPEEDS.map((rate) => (
              <option key={rate} value={rate}>
                {text.speedOption(rate)}
              </option>
            ))}
          </select>
        </span>
      </figcaption>
    </figure>
  );
}
