import { Badge, type BadgeTone, sessionMessages } from '@hiwar/ui';
import { Signal, SignalHigh, SignalLow, SignalMedium } from 'lucide-react';
import type { ConnectionQuality, QualityReading } from '../lib/connection-quality.ts';

const text = sessionMessages.quality;

const LOOK: Record<ConnectionQuality, { tone: BadgeTone; icon: typeof Signal }> = {
  good: { tone: 'success', icon: SignalHigh },
  fair: { tone: 'warning', icon: SignalMedium },
  poor: { tone: 'danger', icon: SignalLow },
  unknown: { tone: 'neutral', icon: Signal },
};

/** The connection-quality indicator: good, fair or poor from round trip and packet loss. */
export function ConnectionQualityBadge({ reading }: { reading: QualityReading }) {
  const { tone, icon: Icon } = LOOK[reading.quality];
  const details = text.details(reading.rttMs, reading.lossPercent);
  return (
    <Badge tone={tone} title={details || undefined} aria-label={`${text.label}: ${text[reading.quality]}`}>
      <Icon aria-hidden className="size-4" />
      {text[reading.quality]}
    </Badge>
  );
}
