import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../../config/app-config.js';
import { removeServerPid, writeServerPid } from './server-pid.js';

/** Keeps DATA_DIR/server.pid while the service runs, so the restore command can refuse to run beside it. */
@Injectable()
export class ServerPidFile implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(private readonly config: AppConfig) {}

  onApplicationBootstrap(): void {
    writeServerPid(this.config.dataDir, this.config.env.PORT);
  }

  onApplicationShutdown(): void {
    removeServerPid(this.config.dataDir);
  }
}
