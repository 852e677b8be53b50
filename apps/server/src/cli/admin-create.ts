import { parseArgs } from 'node:util';
import { emailField, newPassword } from '@shop/core';
import { z } from 'zod';
import { PASSWORD_ON_COMMAND_LINE, adminPassword } from '../admin/command-line-password.js';
import { createAdminsService } from '../admin/service.js';
import { ConfigError, loadConfig } from '../config.js';
import { openPglite, openPostgres } from '../db/database.js';
import { createSettingsService } from '../settings/service.js';

const USAGE =
  'usage: npm run admin:create -- --email <e-mail> --name <full name>, the password typed at its prompt, piped in, or in ADMIN_PASSWORD';

const argsSchema = z.object({
  email: emailField('--email is required'),
  name: z.string().trim().min(1, '--name is required').max(80, '--name: at most 80 characters'),
  password: newPassword,
});

/**
 * Creates a shop owner in the configured database (DATABASE_URL, or PGlite in DATA_DIR), or, for an address
 * that already has an admin account, sets a new password, turns the account on again and ends its sessions.
 * The password comes from ADMIN_PASSWORD, or standard input (a prompt without echo, or piped in); never from the
 * arguments, which `ps` shows to every user of the server.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' } },
    strict: true,
  });
  // Said before anything else: whatever is wrong besides, the password is already in `ps` and the history.
  if (values.password !== undefined) throw new ConfigError(PASSWORD_ON_COMMAND_LINE);
  const fields = argsSchema.pick({ email: true, name: true }).safeParse({ email: values.email ?? '', name: values.name ?? '' });
  if (!fields.success) throw new ConfigError(`${fields.error.issues[0]!.message} (${USAGE})`);
  // Asked for once the arguments are right, so that a typo does not cost a typed password.
  const { password, from } = await adminPassword({
    argument: values.password,
    env: process.env,
    input: process.stdin,
    output: process.stderr,
  });
  const parsed = argsSchema.safeParse({ ...fields.data, password });
  if (!parsed.success) throw new ConfigError(`${from}: ${parsed.error.issues[0]!.message}`);
  const config = loadConfig();
  const database = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openPglite(config.dataDir);
  try {
    await database.migrate();
    const settings = createSettingsService(database.db);
    const admins = createAdminsService(database.db, {
      settings,
      // Nothing is mailed from here.
      mailer: { send: async () => {} },
      publicUrl: config.publicUrl,
      now: () => new Date(),
    });
    const { created, admin } = await admins.createOrResetFromCommandLine(parsed.data);
    process.stdout.write(
      created
        ? `Created the owner ${admin.adminName} <${admin.adminEmail}>. Log in at ${config.publicUrl}/admin/login\n`
        : `Set a new password for ${admin.adminName} <${admin.adminEmail}> (${admin.role}); its sessions have ended.\n`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`Cannot create the admin: ${error.message}`);
  } else if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) {
    console.error(`Cannot create the admin: ${error.message} (${USAGE})`);
  } else {
    console.error('Cannot create the admin:', error);
  }
  process.exit(1);
});
