/**
 * Voice notes in chat (issue 27 item 6, decision 0041 "Voice notes"): what a recording is, judged by its
 * bytes. The browser records Opus audio in WebM (Chromium) or Ogg (Firefox); the server keeps a file
 * only when its container says so: WebM/Matroska whose every track is `A_OPUS` audio, or Ogg whose
 * every stream starts with an `OpusHead` packet. Its length is read from the container where that is
 * cheap (the Ogg pages' granule positions; WebM's `Duration` or its last block's time), so a note over
 * the limit is refused even when its bytes fit. Pure: no decoding, never throws.
 */

/** The containers a voice note may come in, by their first bytes. */
export type VoiceNoteContainer = 'webm' | 'ogg';

/** A voice note the server keeps: its container, the type it is served with, its length if readable. */
export type VoiceNoteInfo = {
  format: VoiceNoteContainer;
  mime: 'audio/webm' | 'audio/ogg';
  /** Milliseconds, from the container; null when it does not say. */
  durationMs: number | null;
};

/**
 * A voice note's limits: its bytes (Opus at the 32 kb/s the browser is asked for fills about 0.5 MB in
 * two minutes) and its length. Kept here rather than in `BOUNDS`, which the homes' first chunk carries.
 */
export const VOICE_NOTE_LIMITS = {
  maxBytes: 2 * 1024 * 1024,
  maxSeconds: 120,
  bitsPerSecond: 32_000,
} as const;

/** The recording formats the browser is asked for, in order of preference (MediaRecorder). */
export const VOICE_NOTE_RECORDING_TYPES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus'] as const;

/** Slack over the limit for a note stopped by the timer (the recorder's last chunk ends a little late). */
export const VOICE_NOTE_GRACE_MS = 2000;

const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];
const OGG_MAGIC = [0x4f, 0x67, 0x67, 0x53]; // OggS

const startsWith = (bytes: Uint8Array, magic: readonly number[], at = 0) =>
  bytes.length >= at + magic.length && magic.every((byte, index) => bytes[at + index] === byte);

/** The container a file's first bytes announce (`1A 45 DF A3`: EBML, i.e. WebM/Matroska; `OggS`). */
export function sniffVoiceContainer(head: Uint8Array): VoiceNoteContainer | null {
  if (startsWith(head, EBML_MAGIC)) {
    return 'webm';
  }
  if (startsWith(head, OGG_MAGIC)) {
    return 'ogg';
  }
  return null;
}

/**
 * The voice note in these bytes (the whole file), or null when it is not Opus audio in WebM or Ogg:
 * another container, a WebM with video or another codec, an Ogg of Vorbis or FLAC, or a header too
 * broken to read.
 */
export function readVoiceNote(bytes: Uint8Array): VoiceNoteInfo | null {
  const container = sniffVoiceContainer(bytes);
  if (container === 'webm') {
    const durationMs = readWebm(bytes);
    return durationMs === false ? null : { format: 'webm', mime: 'audio/webm', durationMs };
  }
  if (container === 'ogg') {
    const durationMs = readOgg(bytes);
    return durationMs === false ? null : { format: 'ogg', mime: 'audio/ogg', durationMs };
  }
  return null;
}

/** Whether a voice note of this length (null: unknown) is within `VOICE_NOTE_LIMITS.maxSeconds`. */
export function voiceNoteWithinLimit(durationMs: number | null): boolean {
  return durationMs === null || durationMs <= VOICE_NOTE_LIMITS.maxSeconds * 1000 + VOICE_NOTE_GRACE_MS;
}

// --- WebM / Matroska (EBML) ---------------------------------------------------------------------

const ID = {
  ebml: 0x1a45dfa3,
  docType: 0x4282,
  segment: 0x18538067,
  info: 0x1549a966,
  timecodeScale: 0x2ad7b1,
  duration: 0x4489,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  trackType: 0x83,
  codecId: 0x86,
  cluster: 0x1f43b675,
  timecode: 0xe7,
  blockGroup: 0xa0,
  block: 0xa1,
  simpleBlock: 0xa3,
} as const;

/** Elements walked into (their children follow them in the byte stream); everything else is skipped. */
const MASTERS = new Set<number>([
  ID.ebml,
  ID.segment,
  ID.info,
  ID.tracks,
  ID.trackEntry,
  ID.cluster,
  ID.blockGroup,
]);

/** A variable-length integer at `at`: its value (marker bit kept for IDs), length, and whether all ones. */
function vint(bytes: Uint8Array, at: number, keepMarker: boolean) {
  const first = bytes[at];
  if (first === undefined || first === 0) {
    return null;
  }
  const length = Math.clz32(first) - 23; // 1 for 0b1xxxxxxx … 8 for 0b00000001
  if (at + length > bytes.length) {
    return null;
  }
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let index = 1; index < length; index++) {
    const byte = bytes[at + index] as number;
    value = value * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

function readUint(bytes: Uint8Array, at: number, size: number): number {
  let value = 0;
  for (let index = 0; index < size; index++) {
    value = value * 256 + (bytes[at + index] as number);
  }
  return value;
}

function readFloat(bytes: Uint8Array, at: number, size: number): number | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset + at, size);
  return size === 4 ? view.getFloat32(0) : size === 8 ? view.getFloat64(0) : null;
}

const asciiOf = (bytes: Uint8Array, at: number, size: number) =>
  String.fromCharCode(...bytes.subarray(at, at + Math.min(size, 64))).replace(/\0+$/, '');

/** The WebM's length in ms (null: unknown), or false when it is not Opus audio alone. */
function readWebm(bytes: Uint8Array): number | null | false {
  let docType: string | null = null;
  let scale = 1_000_000; // ns per timecode unit
  let declared: number | null = null;
  let clusterTime = 0;
  let lastBlock: number | null = null;
  const codecs: string[] = [];
  let video = false;
  let at = 0;
  while (at < bytes.length) {
    const id = vint(bytes, at, true);
    const size = id && vint(bytes, at + id.length, false);
    if (!id || !size) {
      break;
    }
    const start = at + id.length + size.length;
    if (MASTERS.has(id.value)) {
      at = start;
      continue;
    }
    if (size.unknown || start + size.value > bytes.length) {
      break; // a leaf of unknown size, or the file ends inside it: read no further
    }
    switch (id.value) {
      case ID.docType:
        docType = asciiOf(bytes, start, size.value);
        break;
      case ID.timecodeScale:
        scale = readUint(bytes, start, size.value) || scale;
        break;
      case ID.duration:
        declared = readFloat(bytes, start, size.value);
        break;
      case ID.codecId:
        codecs.push(asciiOf(bytes, start, size.value));
        break;
      case ID.trackType:
        video ||= readUint(bytes, start, size.value) !== 2;
        break;
      case ID.timecode:
        clusterTime = readUint(bytes, start, size.value);
        break;
      case ID.simpleBlock:
      case ID.block: {
        const track = vint(bytes, start, false);
        if (track && size.value >= track.length + 2) {
          const view = new DataView(bytes.buffer, bytes.byteOffset + start + track.length, 2);
          const time = clusterTime + view.getInt16(0);
          lastBlock = Math.max(lastBlock ?? time, time);
        }
        break;
      }
    }
    at = start + size.value;
  }
  if ((docType !== 'webm' && docType !== 'matroska') || codecs.length === 0 || video) {
    return false;
  }
  if (!codecs.every((codec) => codec === 'A_OPUS')) {
    return false;
  }
  const units = declared !== null && Number.isFinite(declared) && declared > 0 ? declared : lastBlock;
  return units === null ? null : Math.round((units * scale) / 1_000_000);
}

// --- Ogg -----------------------------------------------------------------------------------------

/** The Ogg's length in ms (null: unknown), or false when a stream of it is not Opus. */
function readOgg(bytes: Uint8Array): number | null | false {
  const preSkip = new Map<number, number>();
  let granule: number | null = null;
  let at = 0;
  while (startsWith(bytes, OGG_MAGIC, at) && at + 27 <= bytes.length && bytes[at + 4] === 0) {
    const view = new DataView(bytes.buffer, bytes.byteOffset + at, 27);
    const flags = view.getUint8(5);
    const low = view.getUint32(6, true);
    const high = view.getUint32(10, true);
    const serial = view.getUint32(14, true);
    const segments = view.getUint8(26);
    if (at + 27 + segments > bytes.length) {
      break;
    }
    let body = 0;
    for (let index = 0; index < segments; index++) {
      body += bytes[at + 27 + index] as number;
    }
    const data = at + 27 + segments;
    if (flags & 0x02) {
      // The first page of a stream: its first packet names the codec.
      if (
        !startsWith(
          bytes,
          [...'OpusHead'].map((char) => char.charCodeAt(0)),
          data,
        ) ||
        data + 12 > bytes.length
      ) {
        return false;
      }
      preSkip.set(serial, (bytes[data + 10] as number) | ((bytes[data + 11] as number) << 8));
    } else if (!preSkip.has(serial)) {
      return false; // a page of a stream that never began
    }
    if (!(low === 0xffffffff && high === 0xffffffff) && (low > 0 || high > 0)) {
      const samples = high * 2 ** 32 + low - (preSkip.get(serial) ?? 0);
      granule = Math.max(granule ?? 0, samples);
    }
    at = data + body;
  }
  if (preSkip.size === 0) {
    return false;
  }
  return granule === null ? null : Math.round(granule / 48);
}
