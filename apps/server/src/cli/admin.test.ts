import { spawn } from 'node:child_process';
import { Role } from '@hiwar/domain';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config.ts';
import { buildTestApp } from '../testing/app.ts';
import { createUser, uniqueEmail } from '../testing/factories.ts';
import { type CliIo, PASSWORD_ENV, runAdminCli } from './admin.ts';
import {
  AdminCliError,
  createSuperAdmin,
  promoteToSuperAdmin,
  resetStaffPassword,
} from './admin-accounts.ts';

const STRONG = 'first-admin-42';

/** Captured output and scripted input for `runAdminCli`. */
function fakeIo(options: { env?: NodeJS.ProcessEnv; stdin?: string; answers?: string[] } = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const answers = [...(options.answers ?? [])];
  const io: CliIo = {
    env: options.env ?? {},
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    readStdin: async () => options.stdin ?? '',
    askHidden: options.answers ? async () => answers.shift() ?? '' : null,
  };
  return { io, out, err };
}

describe('the admin CLI', async () => {
  const { app, databaseUrl } = await buildTestApp();
  const signIn = (email: string, password: string) =>
    app.inject({ method: 'POST', url: '/api/v1/auth/password', payload: { email, password } });

  describe('create', () => {
    it('creates a SuperAdmin who signs in, and changes nothing when run again', async () => {
      const email = uniqueEmail('boss');
      const first = await createSuperAdmin(app.db, { email, name: 'Nour Admin', password: STRONG });
      expect(first).toMatchObject({ outcome: 'created', user: { email, role: Role.SuperAdmin } });
      const again = await createSuperAdmin(app.db, { email, name: 'Other Name', password: 'other-pass-1' });
      expect(again).toEqual({ outcome: 'exists', user: first.user });

      const res = await signIn(email, STRONG);
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({
        role: Role.SuperAdmin,
        name: 'Nour Admin',
        verifiedEmail: true,
      });
      expect((await signIn(email, 'other-pass-1')).statusCode).toBe(400);
    });

    it.each([
      ['short1!', /at least 8 characters/],
      [`${'a'.repeat(48)}1!x`, /at most 50 characters/],
      ['password', /a digit, a lowercase letter and a symbol/],
      ['PASSWORD-1', /a digit, a lowercase letter and a symbol/],
      ['pass word-1', /no spaces/],
    ])('refuses the weak password %j as sign-up does', async (password, reason) => {
      const email = uniqueEmail('weak');
      await expect(createSuperAdmin(app.db, { email, name: 'Nour Admin', password })).rejects.toThrow(reason);
      expect((await signIn(email, password)).statusCode).toBe(400);
    });

    it('refuses an address that belongs to another account, pointing at promote', async () => {
      const student = await createUser(app.db, { role: Role.Student });
      const attempt = createSuperAdmin(app.db, {
        email: student.email,
        name: 'Nour Admin',
        password: STRONG,
      });
      await expect(attempt).rejects.toBeInstanceOf(AdminCliError);
      await expect(attempt).rejects.toThrow(/Student.*promote --email/);
    });

    it('refuses a bad e-mail or name', async () => {
      await expect(
        createSuperAdmin(app.db, { email: 'nope', name: 'Nour', password: STRONG }),
      ).rejects.toThrow(/Invalid e-mail/);
      await expect(
        createSuperAdmin(app.db, { email: uniqueEmail(), name: 'N0ur!', password: STRONG }),
      ).rejects.toThrow(/Invalid name/);
    });
  });

  describe('promote', () => {
    it('makes an existing account SuperAdmin, once', async () => {
      const tutor = await createUser(app.db, { role: Role.Tutor });
      expect(await promoteToSuperAdmin(app.db, { email: tutor.email })).toMatchObject({
        outcome: 'promoted',
        from: Role.Tutor,
        user: { id: tutor.id, role: Role.SuperAdmin },
      });
      expect(await promoteToSuperAdmin(app.db, { email: tutor.email.toUpperCase() })).toMatchObject({
        outcome: 'already-superadmin',
      });
    });

    it('refuses an unknown address, pointing at create', async () => {
      await expect(promoteToSuperAdmin(app.db, { email: uniqueEmail('ghost') })).rejects.toThrow(
        /No account.*admin -- create/,
      );
    });
  });

  describe('reset-password', () => {
    it('sets a staff password (the old one and its sessions end), idempotently', async () => {
      const admin = await createUser(app.db, { role: Role.RegularAdmin });
      const before = await app.sessions.issue(admin);
      // Tokens carry whole seconds: one issued in the same second as the reset would survive it.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect(await resetStaffPassword(app.db, { email: admin.email, password: STRONG })).toMatchObject({
        outcome: 'password-reset',
      });
      expect(await resetStaffPassword(app.db, { email: admin.email, password: STRONG })).toMatchObject({
        outcome: 'password-reset',
      });
      expect((await signIn(admin.email, STRONG)).statusCode).toBe(200);
      expect((await signIn(admin.email, 'hiwar-test-1')).statusCode).toBe(400);
      const current = await app.inject({
        method: 'GET',
        url: '/api/v1/user/current',
        headers: { authorization: `Bearer ${before}` },
      });
      expect(current.statusCode).toBe(401);
    });

    it('refuses students and tutors, weak passwords and unknown addresses', async () => {
      const student = await createUser(app.db, { role: Role.Student });
      await expect(resetStaffPassword(app.db, { email: student.email, password: STRONG })).rejects.toThrow(
        /not staff/,
      );
      const studio = await createUser(app.db, { role: Role.Studio });
      await expect(resetStaffPassword(app.db, { email: studio.email, password: 'weakweak' })).rejects.toThrow(
        /Weak password/,
      );
      await expect(resetStaffPassword(app.db, { email: uniqueEmail(), password: STRONG })).rejects.toThrow(
        /No account/,
      );
    });
  });

  describe('runAdminCli', () => {
    it('reads the password from stdin, then from the environment, then from the prompt', async () => {
      const email = uniqueEmail('cli');
      const piped = fakeIo({ env: { DATABASE_URL: databaseUrl }, stdin: `${STRONG}\n` });
      expect(
        await runAdminCli(['create', '--email', email, '--name', 'Nour Admin', '--password-stdin'], piped.io),
      ).toBe(0);
      expect(piped.out.join('\n')).toMatch(/^Created SuperAdmin .* \(#\d+\)/);

      const fromEnv = fakeIo({ env: { DATABASE_URL: databaseUrl, [PASSWORD_ENV]: 'second-pass-7' } });
      expect(await runAdminCli(['reset-password', '--email', email], fromEnv.io)).toBe(0);
      expect((await signIn(email, 'second-pass-7')).statusCode).toBe(200);

      const prompted = fakeIo({
        env: { DATABASE_URL: databaseUrl },
        answers: ['third-pass-8', 'third-pass-8'],
      });
      expect(await runAdminCli(['reset-password', '--email', email], prompted.io)).toBe(0);
      expect((await signIn(email, 'third-pass-8')).statusCode).toBe(200);

      const mismatch = fakeIo({
        env: { DATABASE_URL: databaseUrl },
        answers: ['third-pass-8', 'other-pass-9'],
      });
      expect(await runAdminCli(['reset-password', '--email', email], mismatch.io)).toBe(1);
      expect(mismatch.err).toEqual(['The two passwords differ: nothing changed.']);
    });

    it('promotes without asking for a password', async () => {
      const student = await createUser(app.db, { role: Role.Student });
      const run = fakeIo({ env: { DATABASE_URL: databaseUrl } });
      expect(await runAdminCli(['promote', '--email', student.email], run.io)).toBe(0);
      expect(run.out[0]).toMatch(/is now SuperAdmin \(was Student\)/);
    });

    it('refuses, in one sentence, a weak password, a password on the command line, no password and no DATABASE_URL', async () => {
      const weak = fakeIo({ env: { DATABASE_URL: databaseUrl }, stdin: 'abc\n' });
      expect(
        await runAdminCli(
          ['create', '--email', uniqueEmail(), '--name', 'Nour', '--password-stdin'],
          weak.io,
        ),
      ).toBe(1);
      expect(weak.err).toEqual(['Weak password: it needs at least 8 characters (the sign-up rules).']);

      const onCommandLine = fakeIo({ env: { DATABASE_URL: databaseUrl } });
      expect(await runAdminCli(['create', '--email', 'a@b.co', '--password', STRONG], onCommandLine.io)).toBe(
        2,
      );
      expect(onCommandLine.err[0]).toMatch(/^Passwords never go on the command line/);

      const none = fakeIo({ env: { DATABASE_URL: databaseUrl } });
      expect(await runAdminCli(['reset-password', '--email', 'a@b.co'], none.io)).toBe(1);
      expect(none.err[0]).toMatch(/^No password: pipe it with --password-stdin/);

      const noDatabase = fakeIo();
      expect(await runAdminCli(['promote', '--email', 'a@b.co'], noDatabase.io)).toBe(1);
      expect(noDatabase.err[0]).toMatch(/^DATABASE_URL is required/);

      const unknown = fakeIo({ env: { DATABASE_URL: databaseUrl } });
      expect(await runAdminCli(['delete', '--email', 'a@b.co'], unknown.io)).toBe(2);
    });
  });

  it('runs as `npm run admin`, password on stdin, and is idempotent', async () => {
    const email = uniqueEmail('npm');
    const run = () =>
      new Promise<{ code: number | null; out: string }>((resolve) => {
        const child = spawn(
          'npm',
          [
            'run',
            '--silent',
            'admin',
            '--',
            'create',
            '--email',
            email,
            '--name',
            'Nour Admin',
            '--password-stdin',
          ],
          {
            cwd: REPO_ROOT,
            env: { ...process.env, DATABASE_URL: databaseUrl },
            stdio: ['pipe', 'pipe', 'pipe'],
          },
        );
        let out = '';
        child.stdout.on('data', (chunk) => {
          out += String(chunk);
        });
        child.stderr.on('data', (chunk) => {
          out += String(chunk);
        });
        child.stdin.end(`${STRONG}\n`);
        child.on('exit', (code) => resolve({ code, out }));
      });
    const first = await run();
    expect(first.code, first.out).toBe(0);
    expect(first.out).toContain(`Created SuperAdmin ${email}`);
    const second = await run();
    expect(second.code, second.out).toBe(0);
    expect(second.out).toContain('is already a SuperAdmin: nothing changed.');
    expect((await signIn(email, STRONG)).statusCode).toBe(200);
  }, 60_000);
});
