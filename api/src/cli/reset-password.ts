// `pnpm admin:reset-password <email>`: prints a new one-time password for that account (to be
// changed at the next sign-in) and ends its sessions. Uses DATABASE_URL or DATABASE_PATH like the server.
import fs from 'node:fs';
import { openDatabase, runMigrations } from '@app/db';
import { databaseConfig, parseEnv } from '../env.ts';
import { resetPassword } from '../services/auth-reset.ts';
import { createSessions } from '../services/sessions.ts';

const email = process.argv[2];
if (!email || email.startsWith('-')) {
  process.stderr.write('Usage: pnpm admin:reset-password <email>\n');
  process.exit(2);
}

const env = parseEnv();
if (!env.DATABASE_URL && !fs.existsSync(env.databasePath)) {
  process.stderr.write(`No database at ${env.databasePath} (set DATABASE_PATH, or start the server once)\n`);
  process.exit(1);
}
const db = await openDatabase(databaseConfig(env));
try {
  await runMigrations(db); // the same schema the server would bring it to
  const result = await resetPassword({ db, sessions: createSessions(db) }, email);
  if (!result) {
    process.stderr.write(`No account with the e-mail ${email} in ${env.DATABASE_URL ? 'the database' : env.databasePath}\n`);
    process.exitCode = 1;
  } else {
    process.stdout.write(
      [
        `One-time password for ${result.email}:`,
        '',
        `    ${result.password}`,
        '',
        'It must be changed at the next sign-in. Every session of this account has been ended.',
        '',
      ].join('\n'),
    );
  }
} finally {
  await db.$close();
}
