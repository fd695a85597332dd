import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseEnvironment, type EnvironmentVariables } from './env.js';
import { resolveSecretKey, type ResolvedSecret } from './secret-key.js';

/**
 * Validated configuration, resolved once at boot and injected by class. Derived values (absolute
 * data directory, byte limits, the secret key) are computed here so no consumer re-derives them.
 */
export class AppConfig {
  readonly dataDir: string;
  readonly databaseFile: string;
  readonly maxRequestBytes: number;
  readonly maxUploadBytes: number;

  constructor(
    readonly env: EnvironmentVariables,
    readonly secret: ResolvedSecret,
  ) {
    this.dataDir = resolve(env.DATA_DIR);
    this.databaseFile = resolve(this.dataDir, 'app.db');
    this.maxUploadBytes = env.MAX_UPLOAD_MB * 1024 * 1024;
    this.maxRequestBytes = (env.MAX_REQUEST_MB as number) * 1024 * 1024;
  }

  /** Validates the environment, creates DATA_DIR and resolves the secret key. Throws on any problem. */
  static load(source: NodeJS.ProcessEnv = process.env): AppConfig {
    const env = parseEnvironment(source);
    const dataDir = resolve(env.DATA_DIR);
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    return new AppConfig(env, resolveSecretKey(env.APP_SECRET_KEY, env.DEPLOYMENT_PROFILE, dataDir));
  }
}
