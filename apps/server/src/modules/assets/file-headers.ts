import type { FastifyReply } from 'fastify';

/**
 * What every stored file is served with (`/assets/*`, chat attachments; issue 28): never something a
 * browser would sniff into a page or run. A policy of none with a sandbox, whatever the file's type
 * (the security-headers plugin's file policy depends on the content type, this does not), no
 * sniffing, and a `Content-Disposition` naming the file.
 */
export const FILE_POLICY = "default-src 'none'; frame-ancestors 'none'; sandbox";

/**
 * Characters RFC 5987's `attr-char` allows unencoded in `filename*`; everything else is `%XX` of its
 * UTF-8 bytes (`encodeURIComponent` leaves `'`, `(`, `)`, `*` and `!` as they are, and `'` ends the
 * charset part).
 */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*!]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * `Content-Disposition` for a file (RFC 6266): `filename` a safe ASCII fallback (anything outside
 * printable ASCII, quotes, backslashes, `%` and path separators as `_`), and `filename*` the name in
 * UTF-8 (RFC 5987) when it differs, which every current browser prefers. Control and bidirectional
 * characters never reach either (chat names are cleaned when stored; stored upload names are ASCII).
 */
export function contentDisposition(kind: 'inline' | 'attachment', name: string, fallback = 'file'): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: controls are what it removes.
  const clean = name.replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');
  const shown = clean.trim() || fallback;
  const ascii = shown.replace(/[^\x20-\x7e]|["\\%/]/g, '_');
  const header = `${kind}; filename="${ascii}"`;
  return ascii === shown ? header : `${header}; filename*=UTF-8''${encodeRfc5987(shown)}`;
}

/** Sets the headers every served file carries: its type, policy, no sniffing and its disposition. */
export function fileHeaders(
  reply: FastifyReply,
  file: { mime: string; name: string },
  disposition: 'inline' | 'attachment' = 'inline',
): FastifyReply {
  return reply
    .type(file.mime)
    .header('content-security-policy', FILE_POLICY)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', contentDisposition(disposition, file.name));
}
