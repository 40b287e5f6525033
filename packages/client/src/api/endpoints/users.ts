import type {
  CurrentUserResponse,
  FindUsersQuerySchema,
  RegisterRequest,
  RegisterResponse,
  TutorMeta,
  UpdateUserRequest,
  UpdateUserResponse,
  User,
  UserListResponse,
} from '@hiwar/domain';
import type { ApiClient } from '../api-client.ts';
import { type CallOptions, signalOf } from './call-options.ts';
import { parseResponse } from './parse-response.ts';
import { ACCOUNT_PATHS } from './paths.ts';

/**
 * `POST /api/v1/user/`: signs up a Student (default) or Tutor and answers a token with the new user; a
 * signed-in SuperAdmin creating someone else's account gets `token: null`. `user-exists` for a taken e-mail.
 */
export async function register(
  client: ApiClient,
  body: RegisterRequest,
  options?: CallOptions,
): Promise<RegisterResponse> {
  const answer = await client.post<unknown>(ACCOUNT_PATHS.register, { body, ...signalOf(options) });
  return parseResponse((contract) => contract.RegisterResponseSchema, answer, 'POST /user/');
}

/** `GET /api/v1/user/current`: the signed-in user and, for tutors, their tutor meta. */
export async function getCurrentUser(client: ApiClient, options?: CallOptions): Promise<CurrentUserResponse> {
  const answer = await client.get<unknown>(ACCOUNT_PATHS.currentUser, signalOf(options));
  return parseResponse((contract) => contract.CurrentUserResponseSchema, answer, 'GET /user/current');
}

/** `GET /api/v1/user/{id}`: yourself, or (staff) another user; `forbidden` / `user-not-found` otherwise. */
export async function getUser(client: ApiClient, id: number, options?: CallOptions): Promise<User> {
  const answer = await client.get<unknown>(ACCOUNT_PATHS.user(id), signalOf(options));
  return parseResponse((contract) => contract.UserSchema, answer, 'GET /user/{id}');
}

/**
 * Filters of the staff user list, as the server reads them (`verified` is sent as `true`/`false`); every
 * field optional, the server defaulting page 1 and size 10.
 */
export type FindUsersParams = Partial<ReturnType<(typeof FindUsersQuerySchema)['parse']>>;

/** `GET /api/v1/user/list` (staff): paged `{ list, total }`, filtered by role, verified, city and search. */
export async function findUsers(
  client: ApiClient,
  query: FindUsersParams = {},
  options?: CallOptions,
): Promise<UserListResponse> {
  const answer = await client.get<unknown>(ACCOUNT_PATHS.userList, {
    query: { ...query },
    ...signalOf(options),
  });
  return parseResponse((contract) => contract.UserListResponseSchema, answer, 'GET /user/list');
}

/**
 * `PUT /api/v1/user/{id}`: profile fields, password change, tutor texts, or (staff) activation, e-mail
 * verification and role. After a password change the answer carries a new `token`: every earlier one,
 * the one used included, has stopped working.
 */
export async function updateUser(
  client: ApiClient,
  id: number,
  body: UpdateUserRequest,
  options?: CallOptions,
): Promise<UpdateUserResponse> {
  const answer = await client.put<unknown>(ACCOUNT_PATHS.user(id), { body, ...signalOf(options) });
  return parseResponse((contract) => contract.UpdateUserResponseSchema, answer, 'PUT /user/{id}');
}

/** `GET /api/v1/user/tutor/meta/{id}`: tutor meta of a Tutor or TutorManager. */
export async function getTutorMeta(client: ApiClient, id: number, options?: CallOptions): Promise<TutorMeta> {
  const answer = await client.get<unknown>(ACCOUNT_PATHS.tutorMeta(id), signalOf(options));
  return parseResponse((contract) => contract.TutorMetaSchema, answer, 'GET /user/tutor/meta/{id}');
}
