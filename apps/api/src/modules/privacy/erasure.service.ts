import { lstat, readdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import { AppConfig } from '../../config/app-config.js';
import { Database, type OwnTransaction } from '../../database/database.js';
import { AuthService } from '../auth/auth.service.js';
import type { HouseholdEraseResponse } from './dto/privacy.dto.js';

/** Tables erasure leaves alone: the schema's own bookkeeping. */
const KEPT_TABLES = new Set(['migrations']);

/** Copies of the household's data that other tools leave in DATA_DIR: key rotation's database backups, a restore's replaced data. */
const DATA_COPIES = /^(?:app\.db\.backup_before_secret_rotation_|\.pre-restore-)/;

interface FileTally {
  files: number;
  bytes: number;
}

/** Regular files and their bytes anywhere below `directory` (staging folders included). */
async function tally(directory: string): Promise<FileTally> {
  const total: FileTally = { files: 0, bytes: 0 };
  let names: string[];
  try {
    names = await readdir(directory);
  } catch {
    return total;
  }
  for (const name of names) {
    const path = join(directory, name);
    const info = await lstat(path).catch(() => null);
    if (!info) continue;
    if (info.isDirectory()) {
      const inner = await tally(path);
      total.files += inner.files;
      total.bytes += inner.bytes;
    } else {
      total.files += 1;
      total.bytes += info.isFile() ? info.size : 0;
    }
  }
  return total;
}

/** Removes everything inside `directory`, keeping the folder itself. */
async function empty(directory: string): Promise<void> {
  let names: string[];
  try {
    names = await readdir(directory);
  } catch {
    return;
  }
  for (const name of names) await rm(join(directory, name), { recursive: true, force: true });
}

/**
 * Erases the installation: every row of every table (the append-only triggers of the stock
 * history are dropped and re-created inside the same transaction), then every receipt file and
 * product image, and the copies of the data that key rotation and restores leave in DATA_DIR.
 * Freed database pages are overwritten (`secure_delete`) and the WAL is truncated,
 * so the data does not linger in the file. Afterwards the installation is back at first-run
 * setup, whose setup seeds the master data again; with APP_PASSWORD the household and its owner
 * are created again at once, as at first start.
 */
@Injectable()
export class ErasureService {
  private readonly logger = new Logger(ErasureService.name);
  private readonly dataDir: string;
  private readonly receiptsDir: string;
  private readonly productImagesDir: string;

  constructor(
    config: AppConfig,
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly auth: AuthService,
  ) {
    this.dataDir = resolve(config.dataDir);
    this.receiptsDir = resolve(config.dataDir, 'receipts');
    this.productImagesDir = resolve(config.dataDir, 'product-images');
  }

  async erase(): Promise<HouseholdEraseResponse> {
    // The write path is the erasure's for its whole run: writes queued before it are committed
    // (and erased), none shares its transaction (where it would outlive the erasure, or fail it at
    // the commit with a reference to a deleted row), and none lands between the rows and the files.
    const erased = await this.database.exclusive((transaction) => this.eraseAtRest(transaction));
    await this.auth.ensureEnvironmentOwner();
    this.logger.log('The installation was erased');
    return { ...erased, completed_at: this.clock.now().toISOString() };
  }

  private async eraseAtRest(transaction: OwnTransaction): Promise<Omit<HouseholdEraseResponse, 'completed_at'>> {
    const receipts = await tally(this.receiptsDir);
    const images = await tally(this.productImagesDir);
    const sqlite = this.database.sqlite;
    await transaction(() => {
      sqlite.pragma('secure_delete = ON');
      try {
        // Everything goes, so references between tables are checked only at the commit.
        sqlite.pragma('defer_foreign_keys = ON');
        const triggers = sqlite.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND sql IS NOT NULL").all() as { name: string; sql: string }[];
        for (const trigger of triggers) sqlite.exec(`DROP TRIGGER "${trigger.name}"`);
        const tables = sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as { name: string }[];
        for (const { name } of tables) {
          if (!KEPT_TABLES.has(name)) sqlite.exec(`DELETE FROM "${name}"`);
        }
        const sequence = sqlite.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sqlite_sequence'").get();
        if (sequence) sqlite.exec('DELETE FROM sqlite_sequence');
        for (const trigger of triggers) sqlite.exec(trigger.sql);
      } finally {
        sqlite.pragma('secure_delete = OFF');
      }
    });
    await empty(this.receiptsDir);
    await empty(this.productImagesDir);
    for (const name of await readdir(this.dataDir)) {
      if (DATA_COPIES.test(name)) await rm(join(this.dataDir, name), { recursive: true, force: true });
    }
    if (!sqlite.inTransaction) {
      try {
        sqlite.pragma('wal_checkpoint(TRUNCATE)');
      } catch (error) {
        this.logger.warn({ message: 'WAL not truncated after erasure', error: String(error) });
      }
    }
    return {
      deleted: true,
      deleted_receipt_files: receipts.files,
      deleted_receipt_bytes: receipts.bytes,
      deleted_product_image_files: images.files,
      deleted_product_image_bytes: images.bytes,
    };
  }
}
