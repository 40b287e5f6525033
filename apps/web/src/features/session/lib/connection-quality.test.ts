import { describe, expect, it } from 'vitest';
import { rateQuality, sampleStats } from './connection-quality.ts';

function report(entries: Record<string, unknown>[]): RTCStatsReport {
  return new Map(entries.map((entry, index) => [String(index), entry])) as unknown as RTCStatsReport;
}

describe('connection quality', () => {
  it('samples the nominated pair’s round trip and the incoming packets', () => {
    const sample = sampleStats(
      report([
        { type: 'candidate-pair', state: 'succeeded', nominated: true, currentRoundTripTime: 0.05 },
        { type: 'candidate-pair', state: 'failed', nominated: false, currentRoundTripTime: 2 },
        { type: 'inbound-rtp', kind: 'video', packetsReceived: 900, packetsLost: 10 },
        { type: 'inbound-rtp', kind: 'audio', packetsReceived: 100, packetsLost: 0 },
        { type: 'outbound-rtp', packetsSent: 5000 },
      ]),
    );
    expect(sample).toEqual({ roundTripTime: 0.05, packetsReceived: 1000, packetsLost: 10 });
  });

  it('rates the interval: good, fair, poor, and unknown before anything is measured', () => {
    const start = { roundTripTime: 0.04, packetsReceived: 1000, packetsLost: 0 };
    expect(rateQuality(null, { roundTripTime: null, packetsReceived: 0, packetsLost: 0 }).quality).toBe(
      'unknown',
    );
    expect(rateQuality(start, { roundTripTime: 0.04, packetsReceived: 2000, packetsLost: 5 })).toEqual({
      quality: 'good',
      rttMs: 40,
      lossPercent: (5 / 1005) * 100,
    });
    expect(rateQuality(start, { roundTripTime: 0.25, packetsReceived: 2000, packetsLost: 0 }).quality).toBe(
      'fair',
    );
    expect(rateQuality(start, { roundTripTime: 0.05, packetsReceived: 2000, packetsLost: 40 }).quality).toBe(
      'fair',
    );
    expect(rateQuality(start, { roundTripTime: 0.6, packetsReceived: 2000, packetsLost: 0 }).quality).toBe(
      'poor',
    );
    expect(rateQuality(start, { roundTripTime: 0.05, packetsReceived: 1100, packetsLost: 100 }).quality).toBe(
      'poor',
    );
  });
});
