import { AppError, BOUNDS, STORED_IMAGE_WIDTHS } from '@hiwar/domain';
import sharp, { type Metadata } from 'sharp';

/** What a picture must be and what it becomes. */
export type ImageRule = {
  minWidth: number;
  minHeight: number;
  /** Output box; `cover` crops to exactly this size, `inside` only shrinks. */
  width: number;
  height: number;
  fit: 'cover' | 'inside';
  /** sharp's format names accepted (default: JPG, PNG and GIF). */
  formats?: readonly string[];
};

const MIN = STORED_IMAGE_WIDTHS.avatar;

/** Avatars: JPG, PNG or GIF of at least 480×480 (spec §5), stored as a 480×480 square. */
export const AVATAR: ImageRule = { minWidth: MIN, minHeight: MIN, width: MIN, height: MIN, fit: 'cover' };
/** Intro-video posters: at least 480×270, stored as 1280×720 (16:9). */
export const THUMBNAIL: ImageRule = {
  minWidth: 480,
  minHeight: 270,
  width: STORED_IMAGE_WIDTHS.poster,
  height: (STORED_IMAGE_WIDTHS.poster * 9) / 16,
  fit: 'cover',
};
/** Transfer receipts: any readable size, at most 2000 px on a side. */
export const RECEIPT: ImageRule = { minWidth: 1, minHeight: 1, width: 2000, height: 2000, fit: 'inside' };
/** Chat pictures (issue 27): JPG, PNG, GIF or WebP of any readable size, at most 1600 px on a side. */
export const CHAT_PICTURE: ImageRule = {
  minWidth: 1,
  minHeight: 1,
  width: BOUNDS.chatAttachments.pictureMaxSide,
  height: BOUNDS.chatAttachments.pictureMaxSide,
  fit: 'inside',
  formats: ['jpeg', 'png', 'gif', 'webp'],
};

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'gif']);
/** Decompression bombs stop here (a 50-megapixel photo is already far beyond a phone camera's). */
const MAX_INPUT_PIXELS = 50_000_000;

export type ProcessedImage = {
  buffer: Buffer;
  mime: 'image/jpeg';
  extension: 'jpg';
  width: number;
  height: number;
};

/**
 * Checks a picture by its content (never its name or declared type) and re-encodes it as JPEG: EXIF
 * orientation applied, metadata (location, camera) dropped, transparency on white, first frame of a GIF.
 * `invalid-type` for anything that is not a JPG, PNG or GIF; `image-too-small` below the rule's minimum.
 */
export async function processImage(input: Buffer, rule: ImageRule): Promise<ProcessedImage> {
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch (cause) {
    throw new AppError('invalid-type', { message: 'Not a picture: use JPG, PNG or GIF', cause });
  }
  if (!(rule.formats ? rule.formats.includes(metadata.format) : ACCEPTED_FORMATS.has(metadata.format))) {
    throw new AppError('invalid-type', { message: 'Use a JPG, PNG or GIF picture' });
  }
  const { width, height } = metadata.autoOrient;
  if (width < rule.minWidth || height < rule.minHeight) {
    throw new AppError('image-too-small', {
      message: `The picture must be at least ${rule.minWidth}×${rule.minHeight} pixels`,
    });
  }
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, autoOrient: true })
      .resize(rule.width, rule.height, { fit: rule.fit, withoutEnlargement: rule.fit === 'inside' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { buffer: data, mime: 'image/jpeg', extension: 'jpg', width: info.width, height: info.height };
  } catch (cause) {
    throw new AppError('invalid-type', { message: 'The picture could not be read', cause });
  }
}

export type VideoType = {
  mime: 'video/mp4' | 'video/quicktime' | 'video/webm';
  extension: 'mp4' | 'mov' | 'webm';
};

/**
 * The video container from the first bytes of the file: ISO media (`ftyp` box: MP4, or QuickTime when
 * the brand is `qt  `) or WebM (EBML header naming the `webm` doc type). Null for anything else.
 */
export function sniffVideo(head: Buffer): VideoType | null {
  if (head.length >= 12 && head.toString('latin1', 4, 8) === 'ftyp') {
    return head.toString('latin1', 8, 12) === 'qt  '
      ? { mime: 'video/quicktime', extension: 'mov' }
      : { mime: 'video/mp4', extension: 'mp4' };
  }
  if (
    head.length >= 4 &&
    head.readUInt32BE(0) === 0x1a45dfa3 &&
    head.subarray(0, 64).includes('webm', 0, 'latin1')
  ) {
    return { mime: 'video/webm', extension: 'webm' };
  }
  return null;
}
