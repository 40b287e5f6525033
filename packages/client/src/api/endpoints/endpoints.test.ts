import { Gender, Governorate, MessagingApp, Role } from '@hiwar/domain';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeAccount, makeTutorMeta, makeUser } from '../../testing/accounts.ts';
import { ApiError, createApiClient, type FetchLike } from '../api-client.ts';
import {
  findUsers,
  forgetPassword,
  getCurrentUser,
  getTutorMeta,
  getUser,
  InvalidResponseError,
  isInvalidResponseError,
  login,
  loginWithGoogle,
  logout,
  refreshToken,
  register,
  resetPassword,
  sendPhoneCode,
  sendVerifyEmail,
  updateUser,
  uploadAvatar,
  uploadTutorAssets,
  verifyEmail,
  verifyPhoneCode,
} from './index.ts';

const codeSent = { ok: true, expiresAt: '2030-01-01T00:15:00.000Z', resendAt: '2030-01-01T00:01:00.000Z' };

/** A client whose fetch answers `body` with `status`, recording each call. */
function clientAnswering(status: number, body: unknown) {
  const fetch = vi.fn<FetchLike>(() => Promise.resolve(jsonResponse(status, body)));
  const client = createApiClient({ baseUrl: 'https://api.example', fetch, createXhr: null });
  const call = (index = 0) => {
    const [url, init] = fetch.mock.calls[index] ?? [];
    return {
      url,
      method: init?.method,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body,
      headers: init?.headers as Record<string, string> | undefined,
    };
  };
  return { client, fetch, call };
}

describe('auth endpoints', () => {
  it('login posts e-mail and password and answers user, tutor meta and token', async () => {
    const answer = { ...makeAccount(), token: 'a.b.c' };
    const { client, call } = clientAnswering(200, answer);

    await expect(login(client, { email: 'mona@example.com', password: 'secret-1' })).resolves.toEqual(answer);
    expect(call()).toMatchObject({
      url: 'https://api.example/api/v1/auth/password',
      method: 'POST',
      body: { email: 'mona@example.com', password: 'secret-1' },
    });
  });

  it('login rejects with the catalogue code of a wrong password', async () => {
    const { client } = clientAnswering(401, { code: 'wrong-password', message: 'Wrong e-mail or password' });
    const failure = login(client, { email: 'mona@example.com', password: 'nope' });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ code: 'wrong-password', status: 401 });
  });

  it('a 200 answer that breaks the contract is an InvalidResponseError, not data', async () => {
    const { client } = clientAnswering(200, { user: { id: 'x' }, token: 1 });
    const failure = login(client, { email: 'mona@example.com', password: 'secret-1' });
    await expect(failure).rejects.toBeInstanceOf(InvalidResponseError);
    await expect(failure).rejects.toMatchObject({ code: 'unexpected' });

    const html = createApiClient({
      baseUrl: '',
      fetch: () => Promise.resolve(new Response('<!doctype html>', { status: 200 })),
    });
    const error = await getCurrentUser(html).catch((caught: unknown) => caught);
    expect(isInvalidResponseError(error)).toBe(true);
  });

  it('loginWithGoogle posts the credential and the role of a new account', async () => {
    const { client, call } = clientAnswering(200, { ...makeAccount({ role: Role.Tutor }), token: 't' });
    await loginWithGoogle(client, { credential: 'google-id-token', role: Role.Tutor });
    expect(call()).toMatchObject({
      url: 'https://api.example/api/v1/auth/google',
      method: 'POST',
      body: { credential: 'google-id-token', role: Role.Tutor },
    });
  });

  it('forgetPassword, resetPassword, sendVerifyEmail and verifyEmail use the spec paths and verbs', async () => {
    const sent = clientAnswering(200, codeSent);
    await expect(forgetPassword(sent.client, { email: 'mona@example.com' })).resolves.toEqual(codeSent);
    expect(sent.call()).toMatchObject({
      url: 'https://api.example/api/v1/auth/password/forget',
      method: 'POST',
    });

    const reset = clientAnswering(200, { ok: true });
    await resetPassword(reset.client, { email: 'mona@example.com', code: '12345', password: 'new-pass-1' });
    expect(reset.call()).toMatchObject({
      url: 'https://api.example/api/v1/auth/password/reset',
      method: 'PUT',
      body: { email: 'mona@example.com', code: '12345', password: 'new-pass-1' },
    });

    const mail = clientAnswering(200, codeSent);
    await sendVerifyEmail(mail.client, { callbackUrl: 'https://hiwar.example/verify-email' });
    expect(mail.call()).toMatchObject({
      url: 'https://api.example/api/v1/auth/send-verify-email',
      method: 'PUT',
      body: { callbackUrl: 'https://hiwar.example/verify-email' },
    });

    const verified = makeAccount({ verifiedEmail: true });
    const verify = clientAnswering(200, verified);
    await expect(verifyEmail(verify.client, { code: '1234' })).resolves.toEqual(verified);
    expect(verify.call()).toMatchObject({
      url: 'https://api.example/api/v1/auth/verify-email',
      method: 'PUT',
      body: { code: '1234' },
    });
  });

  it('refreshToken and logout send the given token as bearer', async () => {
    const refreshed = clientAnswering(200, { token: 'new.token.value' });
    await expect(refreshToken(refreshed.client, { token: 'old.token' })).resolves.toEqual({
      token: 'new.token.value',
    });
    expect(refreshed.call()).toMatchObject({
      url: 'https://api.example/api/v1/auth/refresh-token',
      method: 'POST',
      headers: { Authorization: 'Bearer old.token' },
    });

    const out = clientAnswering(200, { ok: true });
    await logout(out.client, { token: 'old.token' });
    expect(out.call()).toMatchObject({
      url: 'https://api.example/api/v1/auth/logout',
      method: 'POST',
      headers: { Authorization: 'Bearer old.token' },
    });
  });
});

describe('user endpoints', () => {
  it('register posts to /api/v1/user/ and answers a token', async () => {
    const answer = { ...makeAccount({ verifiedEmail: false }), token: 'a.b.c' };
    const { client, call } = clientAnswering(200, answer);
    await expect(
      register(client, { email: 'new@example.com', password: 'secret-1!', role: Role.Student }),
    ).resolves.toEqual(answer);
    expect(call()).toMatchObject({ url: 'https://api.example/api/v1/user/', method: 'POST' });
  });

  it('getCurrentUser answers user and tutor meta', async () => {
    const tutor = makeAccount({ id: 8, role: Role.Tutor }, makeTutorMeta({ id: 8, bio: 'bio' }));
    const { client, call } = clientAnswering(200, tutor);
    await expect(getCurrentUser(client)).resolves.toEqual(tutor);
    expect(call()).toMatchObject({ url: 'https://api.example/api/v1/user/current', method: 'GET' });
  });

  it('getUser, getTutorMeta and findUsers read their paths and query', async () => {
    const one = clientAnswering(200, makeUser({ id: 12 }));
    await expect(getUser(one.client, 12)).resolves.toMatchObject({ id: 12 });
    expect(one.call().url).toBe('https://api.example/api/v1/user/12');

    const meta = makeTutorMeta({ id: 8 });
    const tutor = clientAnswering(200, meta);
    await expect(getTutorMeta(tutor.client, 8)).resolves.toEqual(meta);
    expect(tutor.call().url).toBe('https://api.example/api/v1/user/tutor/meta/8');

    const list = clientAnswering(200, { list: [makeUser()], total: 31 });
    await expect(
      findUsers(list.client, {
        page: 2,
        role: Role.Tutor,
        verified: true,
        city: Governorate.Giza,
        search: 'منى',
      }),
    ).resolves.toMatchObject({ total: 31 });
    const url = new URL(list.call().url ?? '');
    expect(url.pathname).toBe('/api/v1/user/list');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      page: '2',
      role: String(Role.Tutor),
      verified: 'true',
      city: String(Governorate.Giza),
      search: 'منى',
    });
  });

  it('updateUser puts the change and passes on the new token of a password change', async () => {
    const answer = { ...makeAccount({ gender: Gender.Female }), token: 'fresh.token' };
    const { client, call } = clientAnswering(200, answer);
    const result = await updateUser(client, 7, { password: { current: 'old-pass-1!', new: 'new-pass-1!' } });
    expect(result.token).toBe('fresh.token');
    expect(call()).toMatchObject({
      url: 'https://api.example/api/v1/user/7',
      method: 'PUT',
      body: { password: { current: 'old-pass-1!', new: 'new-pass-1!' } },
    });
  });
});

describe('asset and phone endpoints', () => {
  it('uploadAvatar puts the picture as field image, with forUser and progress', async () => {
    const answer = makeAccount({ image: 'https://api.example/assets/uploads/a.png' });
    const { client, call } = clientAnswering(200, answer);
    const onProgress = vi.fn();
    const picture = new File([new Uint8Array([1, 2, 3])], 'me.png', { type: 'image/png' });

    await expect(uploadAvatar(client, picture, { forUser: 12, onProgress })).resolves.toEqual(answer);
    const sent = call();
    expect(sent).toMatchObject({ url: 'https://api.example/api/v1/user/asset?forUser=12', method: 'PUT' });
    expect((sent.body as FormData).get('image')).toBeInstanceOf(File);
    expect(onProgress).toHaveBeenLastCalledWith(100);
  });

  it('uploadAvatar reports image-too-small from the server', async () => {
    const { client } = clientAnswering(400, { code: 'image-too-small', message: 'At least 480×480' });
    await expect(uploadAvatar(client, new Blob(['x'], { type: 'image/png' }))).rejects.toMatchObject({
      code: 'image-too-small',
    });
  });

  it('uploadTutorAssets sends only the given fields, with tutorId', async () => {
    const { client, call } = clientAnswering(200, makeAccount({ id: 8, role: Role.Tutor }));
    await uploadTutorAssets(client, { video: new Blob(['v'], { type: 'video/mp4' }) }, { tutorId: 8 });
    const sent = call();
    expect(sent.url).toBe('https://api.example/api/v1/user/asset/tutor?tutorId=8');
    expect([...(sent.body as FormData).keys()]).toEqual(['video']);
  });

  it('sendPhoneCode and verifyPhoneCode post to the confirmation-code paths', async () => {
    const sent = clientAnswering(200, codeSent);
    await sendPhoneCode(sent.client, { phone: '01012345678', method: MessagingApp.Whatsapp });
    expect(sent.call()).toMatchObject({
      url: 'https://api.example/api/v1/confirmation-code/phone/send',
      method: 'POST',
      body: { phone: '01012345678', method: MessagingApp.Whatsapp },
    });

    const verified = makeAccount({ verifiedPhone: true, notificationMethod: MessagingApp.Whatsapp });
    const verify = clientAnswering(200, verified);
    await expect(verifyPhoneCode(verify.client, { code: '12345' })).resolves.toEqual(verified);
    expect(verify.call().url).toBe('https://api.example/api/v1/confirmation-code/phone/verify');
  });
});
