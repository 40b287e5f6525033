/**
 * The signed-in user as the session knows it. A loose placeholder: the accounts feature will replace it
 * with the type inferred from the domain's user schema, so only fields the session itself needs are fixed.
 */
export type CurrentUser = {
  id: number;
  name: string | null;
  email: string;
  role: number;
  image?: string | null;
  verifiedEmail?: boolean;
};

/**
 * What is kept in local storage under `user`: the user plus, for Tutor and TutorManager users only, the
 * tutor meta (spec §3). The meta's shape belongs to the accounts feature, hence `unknown` values here.
 */
export type StoredUser = CurrentUser & { tutor?: Readonly<Record<string, unknown>> | null };

/** Minimal structural check for data read back from storage (another app version may have written it). */
export function isStoredUser(value: unknown): value is StoredUser {
  if (typeof value !== 'object' || value === null) {
    return false;
  }
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.id === 'number' &&
    typeof candidate.email === 'string' &&
    typeof candidate.role === 'number' &&
    (candidate.name === null || typeof candidate.name === 'string')
  );
}
