import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { connectDatabase } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import {
  type AccountOutcome,
  AdminCliError,
  checkEmail,
  checkName,
  checkPassword,
  createSuperAdmin,
  promoteToSuperAdmin,
  resetStaffPassword,
  roleName,
} from './admin-accounts.ts';

/** The environment variable a script may pass the password in (never on the command line). */
export const PASSWORD_ENV = 'HIWAR_ADMIN_PASSWORD';

export const ADMIN_USAGE = `Usage: npm run admin -- <command> [options]   (DATABASE_URL must be set)

  create --email <e-mail> --name <name>   create a SuperAdmin (nothing changes if it exists)
  promote --email <e-mail>                make an existing account SuperAdmin
  reset-password --email <e-mail>         set a staff account's password (its sessions end)

The password (create, reset-password) is asked in the terminal, or read from stdin with
--password-stdin, or from ${PASSWORD_ENV}; it must meet the sign-up rules (8–50 characters, a digit,
a lowercase letter and a symbol, no spaces). Pending migrations are applied first.`;

export type CliIo = {
  env: NodeJS.ProcessEnv;
  out: (line: string) => void;
  err: (line: string) => void;
  /** All of stdin (for --password-stdin). */
  readStdin: () => Promise<string>;
  /** Asks without echoing; null when there is no terminal to ask in. */
  askHidden: ((question: string) => Promise<string>) | null;
};

/** The process's own streams: a hidden prompt only when stdin is a terminal. */
export function processIo(): CliIo {
  return {
    env: process.env,
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    readStdin: async () => {
      let text = '';
      for await (const chunk of process.stdin) {
        text += String(chunk);
      }
      return text;
    },
    askHidden: process.stdin.isTTY ? askHidden : null,
  };
}

function askHidden(question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const output = rl as unknown as { _writeToOutput: (text: string) => void };
    let asked = false;
    output._writeToOutput = (text) => {
      // Print the question once, nothing of what is typed.
      if (!asked) {
        asked = true;
        process.stdout.write(text);
      }
    };
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
  });
}

async function readPassword(io: CliIo, fromStdin: boolean): Promise<string> {
  if (fromStdin) {
    return (await io.readStdin()).split(/\r?\n/)[0] ?? '';
  }
  const fromEnv = io.env[PASSWORD_ENV];
  if (fromEnv) {
    return fromEnv;
  }
  if (!io.askHidden) {
    throw new AdminCliError(
      `No password: pipe it with --password-stdin, set ${PASSWORD_ENV}, or run the command in a terminal to be asked.`,
    );
  }
  const first = await io.askHidden('Password: ');
  const again = await io.askHidden('Password again: ');
  if (first !== again) {
    throw new AdminCliError('The two passwords differ: nothing changed.');
  }
  return first;
}

function describe(result: AccountOutcome): string {
  const { user } = result;
  const who = `${user.email} (#${user.id})`;
  switch (result.outcome) {
    case 'created':
      return `Created SuperAdmin ${who}: sign in to the admin back office with it.`;
    case 'exists':
      return `${who} is already a SuperAdmin: nothing changed.`;
    case 'promoted':
      return `${who} is now SuperAdmin (was ${roleName(result.from ?? 0)}).`;
    case 'already-superadmin':
      return `${who} is already a SuperAdmin: nothing changed.`;
    case 'password-reset':
      return `New password set for ${who}, ${roleName(user.role)}; its sessions have ended.`;
  }
}

/**
 * `npm run admin -- …`: parses the arguments, reads the password, applies pending migrations, does
 * the command against DATABASE_URL and prints one line. Returns the exit code (0 done or nothing to
 * do, 1 refused or failed, 2 bad usage).
 */
export async function runAdminCli(argv: string[], io: CliIo): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    const message = (error as Error).message;
    io.err(
      /password/.test(message) && !/stdin/.test(message)
        ? `Passwords never go on the command line (shell history, process list): use --password-stdin, ${PASSWORD_ENV} or the prompt.`
        : message,
    );
    io.err(ADMIN_USAGE);
    return 2;
  }
  const { command, values } = parsed;
  if (values.help || !command) {
    (values.help ? io.out : io.err)(ADMIN_USAGE);
    return values.help ? 0 : 2;
  }
  if (!['create', 'promote', 'reset-password'].includes(command)) {
    io.err(`Unknown command ${JSON.stringify(command)}.`);
    io.err(ADMIN_USAGE);
    return 2;
  }
  const url = io.env.DATABASE_URL;
  if (!url) {
    io.err(
      'DATABASE_URL is required: the PostgreSQL the server uses (postgres://user:password@host:5432/db).',
    );
    return 1;
  }
  try {
    // Everything typed is checked before the database is touched (and before a password is asked).
    const email = checkEmail(values.email);
    const name = command === 'create' ? checkName(values.name) : '';
    const password =
      command === 'promote' ? '' : checkPassword(await readPassword(io, values['password-stdin'] ?? false));
    await runMigrations(url);
    const database = connectDatabase(url, { max: 2 });
    try {
      const result =
        command === 'create'
          ? await createSuperAdmin(database.db, { email, name, password })
          : command === 'promote'
            ? await promoteToSuperAdmin(database.db, { email })
            : await resetStaffPassword(database.db, { email, password });
      io.out(describe(result));
      return 0;
    } finally {
      await database.close();
    }
  } catch (error) {
    io.err(error instanceof AdminCliError ? error.message : `Failed: ${(error as Error).message}`);
    return 1;
  }
}

function parse(argv: string[]) {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      'password-stdin': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (positionals.length > 1) {
    throw new Error(`One command at a time (got ${positionals.join(' ')}).`);
  }
  return { command: positionals[0], values };
}
