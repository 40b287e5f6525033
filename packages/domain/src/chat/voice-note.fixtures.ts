/**
 * Test files only (not exported by the package): the domain's and the server's tests import it.
 *
 * Voice-note files for tests (decision 0041): minimal but well-formed WebM and Ogg files of Opus audio
 * (or of another codec), as MediaRecorder writes them, without an encoder. The audio frames are noise:
 * the server reads containers, never decodes.
 */

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));
const uint = (value: number, size: number) =>
  Array.from({ length: size }, (_, index) => Math.floor(value / 256 ** (size - 1 - index)) % 256);
const UNKNOWN_SIZE = [0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff];
/** An EBML element with an 8-byte size. */
const element = (id: number[], body: number[]) => [...id, 0x01, ...uint(body.length, 7), ...body];
const float64 = (value: number) => {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, value);
  return [...new Uint8Array(view.buffer)];
};
const noise = (size: number) => Array.from({ length: size }, (_, index) => (index * 37 + 11) % 256);

export type WebmOptions = {
  /** Length of the audio, in ms: a 20 ms block each `step` ms. */
  durationMs?: number;
  codec?: string;
  trackType?: number;
  docType?: string;
  /** A `Duration` in the segment's info (MediaRecorder writes none). */
  declaredMs?: number;
  /** Bytes of each block's payload (to make a large file). */
  blockBytes?: number;
  step?: number;
};

/** A WebM as Chromium's MediaRecorder writes it: segment and clusters of unknown size. */
export function webmVoiceNote(options: WebmOptions = {}): Uint8Array {
  const { durationMs = 2000, codec = 'A_OPUS', trackType = 2, docType = 'webm', blockBytes = 60 } = options;
  const step = options.step ?? 20;
  const header = element([0x1a, 0x45, 0xdf, 0xa3], element([0x42, 0x82], ascii(docType)));
  const info = element(
    [0x15, 0x49, 0xa9, 0x66],
    [
      ...element([0x2a, 0xd7, 0xb1], uint(1_000_000, 3)),
      ...(options.declaredMs === undefined ? [] : element([0x44, 0x89], float64(options.declaredMs))),
    ],
  );
  const tracks = element(
    [0x16, 0x54, 0xae, 0x6b],
    element(
      [0xae],
      [...element([0xd7], [1]), ...element([0x83], [trackType]), ...element([0x86], ascii(codec))],
    ),
  );
  const clusters: number[] = [];
  for (let start = 0; start < durationMs; start += 10_000) {
    clusters.push(0x1f, 0x43, 0xb6, 0x75, ...UNKNOWN_SIZE, ...element([0xe7], uint(start, 4)));
    for (let time = start; time < Math.min(start + 10_000, durationMs); time += step) {
      clusters.push(...element([0xa3], [0x81, ...uint(time - start, 2), 0x80, ...noise(blockBytes)]));
    }
  }
  return new Uint8Array([
    ...header,
    0x18,
    0x53,
    0x80,
    0x67,
    ...UNKNOWN_SIZE,
    ...info,
    ...tracks,
    ...clusters,
  ]);
}

const crcTable = Array.from({ length: 256 }, (_, index) => {
  let value = index << 24;
  for (let bit = 0; bit < 8; bit++) {
    value = value & 0x80000000 ? (value << 1) ^ 0x04c11db7 : value << 1;
  }
  return value >>> 0;
});
function oggPage(flags: number, granule: number, sequence: number, body: number[]): number[] {
  const segments: number[] = [];
  let left = body.length;
  do {
    segments.push(Math.min(left, 255));
    left -= 255;
  } while (left >= 0);
  const low = granule % 2 ** 32;
  const high = Math.floor(granule / 2 ** 32);
  const le = (value: number) => uint(value, 4).reverse();
  const page = [
    ...ascii('OggS'),
    0,
    flags,
    ...le(low),
    ...le(high),
    ...le(0x1234),
    ...le(sequence),
    0,
    0,
    0,
    0,
    segments.length,
    ...segments,
    ...body,
  ];
  let crc = 0;
  for (const byte of page) {
    crc = ((crc << 8) ^ (crcTable[((crc >>> 24) ^ byte) & 0xff] as number)) >>> 0;
  }
  page.splice(22, 4, ...le(crc));
  return page;
}

/** An Ogg of Opus (or, with `codec: 'vorbis'`, of Vorbis) as Firefox's MediaRecorder writes it. */
export function oggVoiceNote(options: { durationMs?: number; codec?: 'opus' | 'vorbis' } = {}): Uint8Array {
  const { durationMs = 2000, codec = 'opus' } = options;
  const preSkip = 312;
  const head =
    codec === 'opus'
      ? [...ascii('OpusHead'), 1, 1, ...uint(preSkip, 2).reverse(), ...uint(48_000, 4).reverse(), 0, 0, 0]
      : [1, ...ascii('vorbis'), 0, 0, 0, 0, 1, ...uint(44_100, 4).reverse(), ...noise(14)];
  const pages = [oggPage(0x02, 0, 0, head), oggPage(0, 0, 1, [...ascii('OpusTags'), ...noise(16)])];
  let sequence = 2;
  for (let time = 0; time < durationMs; time += 1000) {
    const end = Math.min(time + 1000, durationMs);
    const last = end >= durationMs;
    pages.push(oggPage(last ? 0x04 : 0, preSkip + end * 48, sequence++, noise(200)));
  }
  return new Uint8Array(pages.flat());
}
