import { describe, expect, it } from 'vitest';
import { attachmentMaxBytes } from './chat-attachment.rules.ts';
import { oggVoiceNote, webmVoiceNote } from './voice-note.fixtures.ts';
import {
  readVoiceNote,
  sniffVoiceContainer,
  VOICE_NOTE_GRACE_MS,
  VOICE_NOTE_LIMITS,
  voiceNoteWithinLimit,
} from './voice-note.rules.ts';

const ascii = (text: string) => new Uint8Array([...text].map((char) => char.charCodeAt(0)));

describe('sniffVoiceContainer', () => {
  it('knows WebM/Matroska by its EBML magic and Ogg by OggS', () => {
    expect(sniffVoiceContainer(new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x9f]))).toBe('webm');
    expect(sniffVoiceContainer(ascii('OggS\0\u0002'))).toBe('ogg');
  });

  it('knows nothing else, nor a magic cut short', () => {
    expect(sniffVoiceContainer(new Uint8Array([0x1a, 0x45, 0xdf]))).toBeNull();
    expect(sniffVoiceContainer(ascii('Oggs'))).toBeNull();
    expect(sniffVoiceContainer(ascii('ID3\u0004'))).toBeNull(); // an MP3
    expect(sniffVoiceContainer(ascii('RIFF\0\0\0\0WAVE'))).toBeNull();
    expect(sniffVoiceContainer(new Uint8Array())).toBeNull();
  });
});

describe('readVoiceNote', () => {
  it('reads a WebM of Opus as MediaRecorder writes it, its length from its last block', () => {
    expect(readVoiceNote(webmVoiceNote({ durationMs: 2000 }))).toEqual({
      format: 'webm',
      mime: 'audio/webm',
      durationMs: 1980,
    });
    // Clusters every 10 s, block times relative to them.
    expect(readVoiceNote(webmVoiceNote({ durationMs: 65_000, step: 500 }))?.durationMs).toBe(64_500);
  });

  it('prefers a WebM’s declared Duration, and accepts a Matroska doc type', () => {
    expect(readVoiceNote(webmVoiceNote({ durationMs: 1000, declaredMs: 4321 }))?.durationMs).toBe(4321);
    expect(readVoiceNote(webmVoiceNote({ docType: 'matroska' }))?.format).toBe('webm');
  });

  it('refuses a WebM of another codec, with video, or of another doc type', () => {
    expect(readVoiceNote(webmVoiceNote({ codec: 'A_VORBIS' }))).toBeNull();
    expect(readVoiceNote(webmVoiceNote({ codec: 'V_VP8', trackType: 1 }))).toBeNull();
    expect(readVoiceNote(webmVoiceNote({ trackType: 1 }))).toBeNull();
    expect(readVoiceNote(webmVoiceNote({ docType: 'mkv3d' }))).toBeNull();
  });

  it('refuses an EBML magic over garbage, or a header cut before its tracks', () => {
    const garbage = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, ...ascii('hello, not a webm at all')]);
    expect(readVoiceNote(garbage)).toBeNull();
    expect(readVoiceNote(webmVoiceNote().subarray(0, 40))).toBeNull();
  });

  it('keeps a WebM cut inside its clusters, with the length read so far', () => {
    const whole = webmVoiceNote({ durationMs: 2000 });
    const cut = readVoiceNote(whole.subarray(0, whole.length - 500));
    expect(cut?.format).toBe('webm');
    expect(cut?.durationMs).toBeLessThan(1980);
  });

  it('reads an Ogg of Opus, its length from the last granule position less the pre-skip', () => {
    expect(readVoiceNote(oggVoiceNote({ durationMs: 2500 }))).toEqual({
      format: 'ogg',
      mime: 'audio/ogg',
      durationMs: 2500,
    });
  });

  it('refuses an Ogg of Vorbis, and OggS over garbage', () => {
    expect(readVoiceNote(oggVoiceNote({ codec: 'vorbis' }))).toBeNull();
    expect(readVoiceNote(ascii('OggS and then nothing that makes a page'))).toBeNull();
  });

  it('refuses anything that is not WebM or Ogg', () => {
    expect(readVoiceNote(ascii('%PDF-1.7\n'))).toBeNull();
    expect(readVoiceNote(ascii('ID3\u0004\0\0\0\0\0\0'))).toBeNull();
  });
});

describe('voice-note limits', () => {
  it('allows two minutes and a little slack, or an unknown length', () => {
    const max = VOICE_NOTE_LIMITS.maxSeconds * 1000;
    expect(voiceNoteWithinLimit(max)).toBe(true);
    expect(voiceNoteWithinLimit(max + VOICE_NOTE_GRACE_MS)).toBe(true);
    expect(voiceNoteWithinLimit(max + VOICE_NOTE_GRACE_MS + 1)).toBe(false);
    expect(voiceNoteWithinLimit(null)).toBe(true);
  });

  it('bounds a voice note at 2 MB', () => {
    expect(attachmentMaxBytes('voice')).toBe(2 * 1024 * 1024);
  });
});
