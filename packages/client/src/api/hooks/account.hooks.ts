import type {
  AuthResponse,
  CodeSentResponse,
  ForgetPasswordRequest,
  GoogleLoginRequest,
  OkResponse,
  PasswordLoginRequest,
  RegisterRequest,
  RegisterResponse,
  ResetPasswordRequest,
  SendPhoneCodeRequest,
  SendVerifyEmailRequest,
  TutorMeta,
  UpdateUserRequest,
  UpdateUserResponse,
  User,
  UserListResponse,
  UserWithTutor,
  VerifyEmailRequest,
  VerifyPhoneCodeRequest,
} from '@hiwar/domain';
import {
  keepPreviousData,
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import { CURRENT_USER_QUERY_KEY, type StoredUser, useSession } from '../../session/session.tsx';
import type { PersistOptions } from '../../session/token-store.ts';
import {
  type FindUsersParams,
  findUsers,
  forgetPassword,
  getCurrentUser,
  getTutorMeta,
  getUser,
  login,
  loginWithGoogle,
  register,
  resetPassword,
  sendPhoneCode,
  sendVerifyEmail,
  type TutorAssetFiles,
  type UploadCallOptions,
  updateUser,
  uploadAvatar,
  uploadTutorAssets,
  verifyEmail,
  verifyPhoneCode,
} from '../endpoints/index.ts';
import { useApiClient } from './api-client-context.tsx';

/** React Query keys of the accounts API; everything under `['user']`, so one invalidation covers it. */
export const userKeys = {
  all: ['user'] as const,
  current: CURRENT_USER_QUERY_KEY,
  detail: (id: number) => ['user', 'detail', id] as const,
  lists: ['user', 'list'] as const,
  list: (query: FindUsersParams) => ['user', 'list', query] as const,
  tutorMeta: (id: number) => ['user', 'tutor-meta', id] as const,
};

/**
 * Applies an answer that carries a user (and maybe a new token) everywhere it is cached: the session when
 * it is the signed-in user, the user's detail entry, and the staff lists (refetched).
 */
function useApplyAccount(): (account: StoredUser & { token?: string | null | undefined }) => void {
  const queryClient = useQueryClient();
  const session = useSession();
  const currentId = session.user?.id;
  const { updateAccount } = session;
  return useCallback(
    (account) => {
      if (account.user.id === currentId) {
        updateAccount(account);
      }
      queryClient.setQueryData(userKeys.detail(account.user.id), account.user);
      if (account.tutor) {
        queryClient.setQueryData(userKeys.tutorMeta(account.user.id), account.tutor);
      }
      void queryClient.invalidateQueries({ queryKey: userKeys.lists });
    },
    [queryClient, currentId, updateAccount],
  );
}

// ---------------------------------------------------------------------------------------------------
// Queries

/** The signed-in user and tutor meta; shares the session's cache entry, so it never fetches twice. */
export function useCurrentUser(): UseQueryResult<UserWithTutor> {
  const client = useApiClient();
  const { isAuthenticated } = useSession();
  return useQuery({
    queryKey: CURRENT_USER_QUERY_KEY,
    queryFn: ({ signal }) => getCurrentUser(client, { signal }),
    enabled: isAuthenticated,
  });
}

/** One user (yourself, or staff viewing another); pass `null` to wait for an id. */
export function useUser(id: number | null): UseQueryResult<User> {
  const client = useApiClient();
  return useQuery({
    queryKey: userKeys.detail(id ?? 0),
    queryFn: ({ signal }) => getUser(client, id as number, { signal }),
    enabled: id !== null,
  });
}

/** The staff user list; the previous page stays on screen while the next one loads. */
export function useUsers(query: FindUsersParams = {}): UseQueryResult<UserListResponse> {
  const client = useApiClient();
  return useQuery({
    queryKey: userKeys.list(query),
    queryFn: ({ signal }) => findUsers(client, query, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Tutor meta of a Tutor or TutorManager; pass `null` to wait for an id. */
export function useTutorMeta(id: number | null): UseQueryResult<TutorMeta> {
  const client = useApiClient();
  return useQuery({
    queryKey: userKeys.tutorMeta(id ?? 0),
    queryFn: ({ signal }) => getTutorMeta(client, id as number, { signal }),
    enabled: id !== null,
  });
}

// ---------------------------------------------------------------------------------------------------
// Sign-in and sign-up: each starts the session on success.

export type LoginVariables = PasswordLoginRequest & PersistOptions;

/** Password login; on success the session starts (`persist: false` = not remembered on this device). */
export function useLogin(): UseMutationResult<AuthResponse, Error, LoginVariables> {
  const client = useApiClient();
  const { setSession } = useSession();
  return useMutation({
    mutationFn: ({ persist: _persist, ...body }) => login(client, body),
    onSuccess: (answer, { persist = true }) => setSession(answer.token, answer, { persist }),
  });
}

export type GoogleLoginVariables = GoogleLoginRequest & PersistOptions;

/** Google sign-in (or sign-up) with a Google Identity Services credential; starts the session. */
export function useLoginWithGoogle(): UseMutationResult<AuthResponse, Error, GoogleLoginVariables> {
  const client = useApiClient();
  const { setSession } = useSession();
  return useMutation({
    mutationFn: ({ persist: _persist, ...body }) => loginWithGoogle(client, body),
    onSuccess: (answer, { persist = true }) => setSession(answer.token, answer, { persist }),
  });
}

/** Self-service sign-up; the session starts when the answer carries a token. */
export function useRegister(): UseMutationResult<RegisterResponse, Error, RegisterRequest> {
  const client = useApiClient();
  const { setSession } = useSession();
  return useMutation({
    mutationFn: (body) => register(client, body),
    onSuccess: (answer) => {
      if (answer.token) {
        setSession(answer.token, answer);
      }
    },
  });
}

/** Asks for a 5-digit password reset code by e-mail. */
export function useForgetPassword(): UseMutationResult<CodeSentResponse, Error, ForgetPasswordRequest> {
  const client = useApiClient();
  return useMutation({ mutationFn: (body) => forgetPassword(client, body) });
}

/** Sets a new password with the code; the user signs in again afterwards. */
export function useResetPassword(): UseMutationResult<OkResponse, Error, ResetPasswordRequest> {
  const client = useApiClient();
  return useMutation({ mutationFn: (body) => resetPassword(client, body) });
}

// ---------------------------------------------------------------------------------------------------
// Verification

/** E-mails the 4-digit code and the verification link (signed in). */
export function useSendVerifyEmail(): UseMutationResult<CodeSentResponse, Error, SendVerifyEmailRequest> {
  const client = useApiClient();
  return useMutation({ mutationFn: (body) => sendVerifyEmail(client, body) });
}

/** Verifies the e-mail by link token or code; the session's user is updated when it is them. */
export function useVerifyEmail(): UseMutationResult<UserWithTutor, Error, VerifyEmailRequest> {
  const client = useApiClient();
  const applyAccount = useApplyAccount();
  return useMutation({ mutationFn: (body) => verifyEmail(client, body), onSuccess: applyAccount });
}

/** Sends a 5-digit phone code through WhatsApp or Telegram. */
export function useSendPhoneCode(): UseMutationResult<CodeSentResponse, Error, SendPhoneCodeRequest> {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body) => sendPhoneCode(client, body),
    // A new phone number was stored (unverified): show it.
    onSuccess: (_answer, body) => {
      if (body.phone) {
        void queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
      }
    },
  });
}

/** Verifies the phone with the code; the session's user is updated. */
export function useVerifyPhoneCode(): UseMutationResult<UserWithTutor, Error, VerifyPhoneCodeRequest> {
  const client = useApiClient();
  const applyAccount = useApplyAccount();
  return useMutation({ mutationFn: (body) => verifyPhoneCode(client, body), onSuccess: applyAccount });
}

// ---------------------------------------------------------------------------------------------------
// Changes

export interface UpdateUserVariables {
  id: number;
  body: UpdateUserRequest;
}

/**
 * `PUT /api/v1/user/{id}`. Updates every cache of that user; for yourself the session too, including the
 * new token a password change answers.
 */
export function useUpdateUser(): UseMutationResult<UpdateUserResponse, Error, UpdateUserVariables> {
  const client = useApiClient();
  const applyAccount = useApplyAccount();
  return useMutation({ mutationFn: ({ id, body }) => updateUser(client, id, body), onSuccess: applyAccount });
}

export interface UploadAvatarVariables extends UploadCallOptions {
  image: Blob | FormData;
  /** Staff and Studio: whose avatar. */
  forUser?: number;
}

/** Avatar upload with progress and abort (`signal`); caches and session follow the answer. */
export function useUploadAvatar(): UseMutationResult<UserWithTutor, Error, UploadAvatarVariables> {
  const client = useApiClient();
  const applyAccount = useApplyAccount();
  return useMutation({
    mutationFn: ({ image, ...options }) => uploadAvatar(client, image, options),
    onSuccess: applyAccount,
  });
}

export interface UploadTutorAssetsVariables extends UploadCallOptions {
  files: TutorAssetFiles | FormData;
  /** Staff and Studio: whose media. */
  tutorId?: number;
}

/** Tutor media upload (avatar, intro video, thumbnail) with progress and abort. */
export function useUploadTutorAssets(): UseMutationResult<UserWithTutor, Error, UploadTutorAssetsVariables> {
  const client = useApiClient();
  const applyAccount = useApplyAccount();
  return useMutation({
    mutationFn: ({ files, ...options }) => uploadTutorAssets(client, files, options),
    onSuccess: applyAccount,
  });
}
