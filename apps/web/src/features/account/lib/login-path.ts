/** `/login?redirect=<from>`, where a private page sends a signed-out visitor. */
export function loginPathFrom(from: string): string {
  return from === '/' ? '/login' : `/login?redirect=${encodeURIComponent(from)}`;
}
