import { APP_VERSION } from '@hinv/shared';
import { createBackup } from '../common/backup/backup.js';
import { loadCliConfig } from './cli-config.js';

/**
 * Writes a consistent backup while the service keeps running:
 *   node apps/api/dist/cli/backup.js <backup directory>
 * (same environment as the server: DATA_DIR, APP_SECRET_KEY). The archive holds the database
 * (SQLite online backup), every receipt file and product image, and SHA256SUMS; never the key.
 */
async function main(): Promise<void> {
  const outputDirectory = process.argv[2];
  if (!outputDirectory) {
    console.error('Usage: node apps/api/dist/cli/backup.js <backup directory>');
    process.exit(2);
  }
  const config = loadCliConfig();
  const result = await createBackup({ dataDir: config.dataDir, outputDirectory, key: config.key, serviceVersion: APP_VERSION });
  console.log(`Backup written: ${result.archive}`);
  console.log(`Database ${result.databaseBytes} bytes, ${result.files} files (${result.bytes} bytes).`);
  console.log('The installation key (APP_SECRET_KEY or DATA_DIR/secret.key) is not in the archive: keep it separately.');
}

main().catch((error: unknown) => {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
