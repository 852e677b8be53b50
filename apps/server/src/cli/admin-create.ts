import { parseArgs } from 'node:util';
import { emailField, newPassword } from '@shop/core';
import { z } from 'zod';
import { createAdminsService } from '../admin/service.js';
import { ConfigError, loadConfig } from '../config.js';
import { openPglite, openPostgres } from '../db/database.js';
import { createSettingsService } from '../settings/service.js';

const USAGE = 'usage: npm run admin:create -- --email <e-mail> --name <full name> [--password <password>] (or ADMIN_PASSWORD)';

const argsSchema = z.object({
  email: emailField('--email is required'),
  name: z.string().trim().min(1, '--name is required').max(80, '--name: at most 80 characters'),
  password: newPassword,
});

/**
 * Creates a shop owner in the configured database (DATABASE_URL, or PGlite in DATA_DIR), or, for an address
 * that already has an admin account, sets a new password, turns the account on again and ends its sessions.
 * The password comes from --password or ADMIN_PASSWORD (better: it stays out of the shell history).
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' } },
    strict: true,
  });
  const parsed = argsSchema.safeParse({
    email: values.email ?? '',
    name: values.name ?? '',
    password: values.password ?? process.env.ADMIN_PASSWORD ?? '',
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const message = issue.path[0] === 'password' ? `--password or ADMIN_PASSWORD: ${issue.message}` : issue.message;
    throw new ConfigError(`${message} (${USAGE})`);
  }
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
