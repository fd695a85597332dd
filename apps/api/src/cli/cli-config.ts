import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseEnvironment, type EnvironmentVariables } from '../config/env.js';
import { createFilesPrivately } from '../config/private-files.js';
import { isUnsafeSecret, SECRET_KEY_FILE } from '../config/secret-key.js';

export interface CliConfig {
  env: EnvironmentVariables;
  dataDir: string;
  /** The installation key as the server would use it (APP_SECRET_KEY, else DATA_DIR/secret.key); never generated here. */
  key: string | null;
}

/** The environment as the server reads it, without creating DATA_DIR or a key: the commands only look. */
export function loadCliConfig(source: NodeJS.ProcessEnv = process.env): CliConfig {
  // Backups and restored files are the household's data: for this user only, like the server's.
  createFilesPrivately();
  const env = parseEnvironment(source);
  const dataDir = resolve(env.DATA_DIR);
  let key: string | null = isUnsafeSecret(env.APP_SECRET_KEY) ? null : (env.APP_SECRET_KEY as string);
  const file = join(dataDir, SECRET_KEY_FILE);
  if (key === null && existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (!isUnsafeSecret(stored)) key = stored;
  }
  return { env, dataDir, key };
}
