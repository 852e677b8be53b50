import { parseArgs } from 'node:util';
import { commandLineActor } from '../audit/service.js';
import { SIGNED_IN_KINDS } from '../auth/signed-in-kinds.js';
import { ConfigError, loadConfig } from '../config.js';
import { openPglite, openPostgres } from '../db/database.js';
import { isParseArgsError } from '../backup/command-line.js';
import { SESSIONS_END_USAGE, describeEnded, endSessions, sessionsEndTarget } from '../identity/end-sessions.js';

/**
 * Signs everybody out (--all) or one address, shopper or staff (--email), in the configured database
 * (DATABASE_URL, or PGlite in DATA_DIR); audited as the command line. Prints how many sessions ended.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { all: { type: 'boolean' }, email: { type: 'string' } }, strict: true });
  const target = sessionsEndTarget(values);
  const config = loadConfig();
  const database = config.databaseUrl ? await openPostgres(config.databaseUrl, { max: 1 }) : await openPglite(config.dataDir);
  try {
    await database.migrate();
    const ended = await endSessions(database.db, SIGNED_IN_KINDS, target, {
      actor: commandLineActor('sessions:end'),
      now: () => new Date(),
    });
    process.stdout.write(`${describeEnded(target, ended)}\n`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(`Cannot end sessions: ${error.message}`);
  else if (isParseArgsError(error)) console.error(`Cannot end sessions: ${error.message} (${SESSIONS_END_USAGE})`);
  else console.error('Cannot end sessions:', error);
  process.exit(1);
});
