import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp } from './bootstrap/create-app.js';
import { settleMemoryWhenQuiet } from './bootstrap/settle-memory.js';
import { AppConfig } from './config/app-config.js';
import { keepDataPrivate } from './config/private-files.js';

async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = AppConfig.load();
  } catch (error) {
    // A bad environment is the operator's to fix: say what is wrong, without a stack trace.
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
  keepDataPrivate(config.dataDir);
  const app = await createApp(config);
  const logger = new Logger('Main');
  if (config.secret.source === 'generated') {
    logger.warn(`APP_SECRET_KEY was missing or unsafe: generated a new key in ${config.dataDir}/secret.key (keep it with your backups)`);
  } else if (config.secret.source === 'file') {
    logger.log(`Using the generated secret key from ${config.dataDir}/secret.key`);
  }
  await app.listen(config.env.PORT);
  settleMemoryWhenQuiet(app.getHttpServer());
  logger.log(`Household Inventory listening on port ${config.env.PORT} (data in ${config.dataDir})`);
}

void main();
