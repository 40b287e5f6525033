import { BOUNDS } from '../bounds.ts';

/** The width each kind of picture is stored at (the server's image rules). */
export const STORED_IMAGE_WIDTHS = { avatar: BOUNDS.upload.avatarMinPixels, poster: 1280 } as const;

/**
 * Smaller copies of the pictures people upload (issue 26): an avatar is stored 480 px square and an
 * intro-video poster 1280×720, but a phone shows an avatar 32–96 px wide. `GET /assets/uploads/{name}`
 * with `?w=` one of these widths answers the picture scaled down to that width (never up), so a page
 * can offer the browser a `srcset` and a phone downloads a few kilobytes per avatar instead of tens.
 */
export const UPLOAD_IMAGE_WIDTHS = [96, 192, 384, 640, 960] as const;
export type UploadImageWidth = (typeof UPLOAD_IMAGE_WIDTHS)[number];

/** The query parameter naming the width. */
export const UPLOAD_WIDTH_PARAM = 'w';

/** An upload's address (`…/assets/uploads/{name}.jpg`, absolute or not, without a query). */
const UPLOAD_PICTURE = /^(?:https?:\/\/[^/?#]+)?\/assets\/uploads\/[a-z0-9]{16,64}\.jpg$/;

/**
 * A `srcset` for an uploaded picture: each width below `originalWidth`, then the original itself.
 * Undefined for any other address (a picture from elsewhere has no smaller copies).
 */
export function uploadSrcSet(src: string | null | undefined, originalWidth: number): string | undefined {
  if (!src || !UPLOAD_PICTURE.test(src)) {
    return undefined;
  }
  const scaled = UPLOAD_IMAGE_WIDTHS.filter((width) => width < originalWidth).map(
    (width) => `${src}?${UPLOAD_WIDTH_PARAM}=${width} ${width}w`,
  );
  return [...scaled, `${src} ${originalWidth}w`].join(', ');
}
