/** How the link to the other member is doing, from `getStats` (round trip and packet loss). */
export type ConnectionQuality = 'good' | 'fair' | 'poor' | 'unknown';

export type QualitySample = {
  /** Seconds, from the nominated candidate pair (`currentRoundTripTime`). */
  roundTripTime: number | null;
  /** Totals of the incoming RTP streams. */
  packetsReceived: number;
  packetsLost: number;
};

export type QualityReading = { quality: ConnectionQuality; rttMs: number | null; lossPercent: number | null };

/**
 * Reads a stats report into one sample: the round trip of the candidate pair in use and the packets
 * received and lost on every incoming stream.
 */
export function sampleStats(report: RTCStatsReport): QualitySample {
  let roundTripTime: number | null = null;
  let packetsReceived = 0;
  let packetsLost = 0;
  report.forEach((entry: Record<string, unknown>) => {
    if (
      entry.type === 'candidate-pair' &&
      entry.state === 'succeeded' &&
      (entry.nominated === true || entry.selected === true) &&
      typeof entry.currentRoundTripTime === 'number'
    ) {
      roundTripTime = entry.currentRoundTripTime;
    }
    if (entry.type === 'inbound-rtp') {
      packetsReceived += typeof entry.packetsReceived === 'number' ? entry.packetsReceived : 0;
      packetsLost += typeof entry.packetsLost === 'number' ? entry.packetsLost : 0;
    }
  });
  return { roundTripTime, packetsReceived, packetsLost };
}

/**
 * The quality between two samples: loss over the interval (not since the start, so it recovers) and
 * the latest round trip. Good below 200 ms and 2 % loss, poor from 500 ms or 8 %, fair between.
 */
export function rateQuality(previous: QualitySample | null, current: QualitySample): QualityReading {
  const rttMs = current.roundTripTime === null ? null : current.roundTripTime * 1000;
  const received = current.packetsReceived - (previous?.packetsReceived ?? 0);
  const lost = current.packetsLost - (previous?.packetsLost ?? 0);
  const lossPercent = received + lost > 0 ? (Math.max(0, lost) / (received + Math.max(0, lost))) * 100 : null;
  if (rttMs === null && lossPercent === null) {
    return { quality: 'unknown', rttMs, lossPercent };
  }
  const rtt = rttMs ?? 0;
  const loss = lossPercent ?? 0;
  const quality = rtt >= 500 || loss >= 8 ? 'poor' : rtt >= 200 || loss >= 2 ? 'fair' : 'good';
  return { quality, rttMs, lossPercent };
}
