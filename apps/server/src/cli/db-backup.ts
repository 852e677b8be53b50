import { statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError } from '../backup/archive.js';
import { backupTargetOf, createBackup } from '../backup/backup.js';
import { ConfigError, loadConfig } from '../config.js';
import { describeArchive, fileArgument, isParseArgsError } from '../backup/command-line.js';

const USAGE = 'usage: npm run db:backup -- --file <archive.tar>';

/**
 * Backs the shop up into one new archive: the database DATABASE_URL names (while the shop runs) or the embedded one
 * in DATA_DIR (with the shop stopped), and, unless MEDIA_STORE=s3, the photos in DATA_DIR/media.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { file: { type: 'string' } }, strict: true });
  const file = fileArgument(values.file, USAGE);
  const summary = await createBackup(backupTargetOf(loadConfig()), file);
  process.stdout.write(`Backed up ${describeArchive(summary)} to ${file} (${(summary.bytes / 1024 / 1024).toFixed(1)} MB).\n`);
  if (process.env.MEDIA_STORE === 's3') process.stdout.write('The photos are in the S3 store (MEDIA_STORE=s3): back them up there.\n');
  // A folder made before backups were private (the guide's first version made it 0755): say so, once a night.
  const folder = path.dirname(file);
  const mode = statSync(folder).mode & 0o777;
  if (mode & 0o077) {
    process.stderr.write(`Note: other users of this server can look into ${folder} (mode ${mode.toString(8)}): chmod 700 ${folder}\n`);
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof BackupError) console.error(`Cannot back up: ${error.message}`);
  else if (isParseArgsError(error)) console.error(`Cannot back up: ${error.message} (${USAGE})`);
  else console.error('Cannot back up:', error);
  process.exit(1);
});
