import { messages } from '@hiwar/ui';

/** The weights the back office sets its Arabic in: body text, labels and headings. */
const WEIGHTS = [400, 600, 700] as const;

/**
 * Starts downloading Cairo's Arabic faces as the back office boots. A browser fetches a face only
 * once text that needs it is laid out, and the admin's first screen paints no text for a while: a
 * signed-out visitor is redirected to `/login`, whose code is a chunk of its own. The page finished
 * loading before any Arabic was on screen, so the font was requested late and the first words showed
 * in the fallback face. Asking for the faces here, before the first render, puts the download beside
 * the app's own; `document.fonts` reports it as loading until it has arrived.
 */
export function loadArabicFont(fonts: FontFaceSet = document.fonts): Promise<FontFace[][]> {
  return Promise.all(WEIGHTS.map((weight) => fonts.load(`${weight} 1em Cairo`, messages.app.name)));
}
