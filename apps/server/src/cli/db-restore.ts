import { parseArgs } from 'node:util';
import { BackupError } from '../backup/archive.js';
import { backupTargetOf } from '../backup/backup.js';
import { restoreBackup } from '../backup/restore.js';
import { describeDatabaseUrl } from '../db/database-url.js';
import { ConfigError, loadConfig } from '../config.js';
import { describeArchive, fileArgument, isParseArgsError } from '../backup/command-line.js';
import { checkShopPhotos, describeMissing, describePhotoCheck } from '../backup/photos.js';

const USAGE = 'usage: npm run db:restore -- --file <archive.tar> | --check-photos';

/**
 * Restores a db:backup archive into the empty database DATABASE_URL names (or a DATA_DIR without a database), and
 * its photos into DATA_DIR/media; refuses a database or media folder that already holds anything. Then looks for
 * every photo the restored database names in the configured media store (DATA_DIR/media, or the S3 bucket), and
 * fails naming the missing ones. --check-photos only looks (after copying a bucket back, say).
 */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { file: { type: 'string' }, 'check-photos': { type: 'boolean' } }, strict: true });
  const config = loadConfig();
  if (values['check-photos'] && values.file === undefined) return checkPhotosOf(config, false);
  const file = fileArgument(values.file, USAGE);
  const summary = await restoreBackup(backupTargetOf(config), file);
  const into = config.databaseUrl ? describeDatabaseUrl(config.databaseUrl) : `DATA_DIR ${config.dataDir}`;
  process.stdout.write(`Restored ${describeArchive(summary)}, backed up at ${summary.createdAt}, into ${into}.\n`);
  if (summary.mediaFiles > 0 && process.env.MEDIA_STORE === 's3') {
    process.stdout.write(
      `The photos went to ${config.dataDir}/media; with MEDIA_STORE=s3 the shop reads them from the store: copy them there.\n`,
    );
  }
  await checkPhotosOf(config, true);
}

/** Prints 'photos: N of N found', or fails naming what is missing from the store the shop will read. */
async function checkPhotosOf(config: ReturnType<typeof loadConfig>, restored: boolean): Promise<void> {
  const check = await checkShopPhotos(backupTargetOf(config), config.media);
  if (check.missing.length === 0) {
    process.stdout.write(`${describePhotoCheck(check)} in ${check.store}.\n`);
    return;
  }
  throw new BackupError(
    `${restored ? 'the database is restored, but ' : ''}${describeMissing(check)}. Copy them into the store (docs/deploy.md, Restoring) and look again with npm run db:restore -- --check-photos`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof BackupError) console.error(`Cannot restore: ${error.message}`);
  else if (isParseArgsError(error)) console.error(`Cannot restore: ${error.message} (${USAGE})`);
  else console.error('Cannot restore:', error);
  process.exit(1);
});
