import { parseArgs } from 'node:util';
import { BackupError } from '../backup/archive.js';
import { backupTargetOf } from '../backup/backup.js';
import { restoreBackup } from '../backup/restore.js';
import { describeDatabaseUrl } from '../db/database-url.js';
import { ConfigError, loadConfig } from '../config.js';
import { describeArchive, fileArgument, isParseArgsError } from '../backup/command-line.js';

const USAGE = 'usage: npm run db:restore -- --file <archive.tar>';

/**
 * Restores a db:backup archive into the empty database DATABASE_URL names (or a DATA_DIR without a database), and
 * its photos into DATA_DIR/media; refuses a database or media folder that already holds anything.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { file: { type: 'string' } }, strict: true });
  const file = fileArgument(values.file, USAGE);
  const config = loadConfig();
  const summary = await restoreBackup(backupTargetOf(config), file);
  const into = config.databaseUrl ? describeDatabaseUrl(config.databaseUrl) : `DATA_DIR ${config.dataDir}`;
  process.stdout.write(`Restored ${describeArchive(summary)}, backed up at ${summary.createdAt}, into ${into}.\n`);
  if (summary.mediaFiles > 0 && process.env.MEDIA_STORE === 's3') {
    process.stdout.write(
      `The photos went to ${config.dataDir}/media; with MEDIA_STORE=s3 the shop reads them from the store: copy them there.\n`,
    );
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof BackupError) console.error(`Cannot restore: ${error.message}`);
  else if (isParseArgsError(error)) console.error(`Cannot restore: ${error.message} (${USAGE})`);
  else console.error('Cannot restore:', error);
  process.exit(1);
});
