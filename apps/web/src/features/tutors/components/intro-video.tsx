import { cn, fieldControlClassName, lessonsMessages } from '@hiwar/ui';
import { useId, useRef, useState } from 'react';

const text = lessonsMessages.profile;
const SPEEDS = [0.75, 1, 1.25, 1.5, 2] as const;

/** The tutor's introduction video with a playback-speed choice. */
export function IntroVideo({ src, poster }: { src: string; poster?: string | null }) {
  const video = useRef<HTMLVideoElement>(null);
  const [speed, setSpeed] = useState(1);
  const id = useId();
  return (
    <figure className="flex flex-col gap-2">
      {/* biome-ignore lint/a11y/useMediaCaption: tutors upload their own videos; captions are not collected. */}
      <video
        ref={video}
        src={src}
        poster={poster || undefined}
        controls
        // Nothing of the video until it is played: the poster is the profile's largest picture, and
        // on a phone the video's first bytes would compete with it (issue 26).
        preload="none"
        aria-label={text.video}
        className="aspect-video w-full rounded-2xl bg-black"
      />
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
