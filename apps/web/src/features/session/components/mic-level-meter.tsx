import { sessionMessages } from '@hiwar/ui';

const text = sessionMessages.preJoin;

/** The microphone's level as a bar (an ARIA meter, 0–100). */
export function MicLevelMeter({ level }: { level: number }) {
  const percent = Math.round(level * 100);
  return (
    <div className="flex flex-col gap-1">
      {/* biome-ignore lint/a11y/useSemanticElements: a native <meter> cannot follow the theme's colours in every browser. */}
      <div
        role="meter"
        aria-label={text.micLevel}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 w-full overflow-hidden rounded-full bg-surface-muted"
      >
        <div
          className="h-full rounded-full bg-success transition-[width] duration-100"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="text-xs text-muted-foreground">{text.micHint}</p>
    </div>
  );
}
