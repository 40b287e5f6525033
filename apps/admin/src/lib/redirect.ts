/**
 * The in-app path to return to after signing in, from `?redirect=`. Only same-app paths are accepted
 * (`/users?page=2`), never another origin (`//evil.example`, `https://…`), so the login page cannot be
 * used to send staff elsewhere. Screens outside the shell fall back to the dashboard.
 */
export function safeRedirect(value: string | null | undefined): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return '/';
  }
  if (value === '/login' || value.startsWith('/login?') || value.startsWith('/verify-email')) {
    return '/';
  }
  return value;
}
