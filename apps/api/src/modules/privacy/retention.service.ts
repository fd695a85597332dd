import { lstat, unlink } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Injectable, Logger } from '@nestjs/common';
import { SchedulerRegistry, Timeout } from '@nestjs/schedule';
import { Clock } from '../../common/clock.js';
import { AppConfig } from '../../config/app-config.js';
import { Database } from '../../database/database.js';
import { SettingsService, type StoredSettings } from '../settings/settings.service.js';
import type { RetentionPreviewResponse, RetentionRunResponse } from './dto/privacy.dto.js';
import { containedReceiptPath } from '../receipts/receipt-file-path.js';
import { INSERT_PRIVACY_EVENT, PRIVACY_ACTIONS, privacyEventValues } from './privacy-audit.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The first scheduled run, after startup has settled. */
export const RETENTION_FIRST_RUN_MS = 5 * 60 * 1000;
export const RETENTION_INTERVAL_MS = 60 * 60 * 1000;

interface StoredReceiptFile {
  id: string;
  imagePath: string;
  createdAt: string;
}

/** Bytes of a regular file; 0 when it is missing or no regular file. */
async function sizeOf(path: string | null): Promise<number> {
  if (!path) return 0;
  try {
    const info = await lstat(path);
    return info.isFile() ? info.size : 0;
  } catch {
    return 0;
  }
}

/**
 * Receipt-file retention. With "delete after analysis" on, every stored source is eligible at
 * once (cutoff = now); otherwise sources older than `retention_days` are (0: eligible at once).
 * Only receipt source files are touched, and only inside DATA_DIR/receipts: a stored path that
 * resolves elsewhere is counted as rejected, never deleted, and its pointer stays visible. The
 * recognised receipt data stays; the receipt's `image_path` becomes null.
 *
 * Runs 5 minutes after startup and then hourly; the owner can preview it and run it now.
 */
@Injectable()
export class RetentionService {
  private readonly logger = new Logger(RetentionService.name);
  private readonly directory: string;
  private running: Promise<RetentionRunResponse> | null = null;

  constructor(
    config: AppConfig,
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly settings: SettingsService,
    private readonly scheduler: SchedulerRegistry,
  ) {
    this.directory = resolve(config.dataDir, 'receipts');
  }

  private cutoff(settings: StoredSettings, now: Date): Date {
    return settings.privacyDeleteImageAfterAnalysis ? now : new Date(now.getTime() - settings.privacyRetentionDays * DAY_MS);
  }

  private storedFiles(): Promise<StoredReceiptFile[]> {
    return this.database.manager.query('SELECT id, image_path AS "imagePath", created_at AS "createdAt" FROM receipts WHERE image_path IS NOT NULL ORDER BY created_at, id');
  }

  async preview(): Promise<RetentionPreviewResponse> {
    const settings = await this.settings.read();
    const cutoff = this.cutoff(settings, this.clock.now());
    const files = await this.storedFiles();
    let retainedBytes = 0;
    let expiredCount = 0;
    let expiredBytes = 0;
    for (const file of files) {
      const bytes = await sizeOf(containedReceiptPath(this.directory, file.imagePath));
      retainedBytes += bytes;
      if (new Date(file.createdAt) <= cutoff) {
        expiredCount += 1;
        expiredBytes += bytes;
      }
    }
    return {
      delete_after_analysis: settings.privacyDeleteImageAfterAnalysis,
      retention_days: settings.privacyRetentionDays,
      retained_file_count: files.length,
      retained_bytes: retainedBytes,
      expired_file_count: expiredCount,
      expired_bytes: expiredBytes,
      cutoff: cutoff.toISOString(),
    };
  }

  /** Applies the rule now; a run already under way is joined rather than started twice. */
  run(): Promise<RetentionRunResponse> {
    this.running ??= this.apply().finally(() => (this.running = null));
    return this.running;
  }

  private async apply(): Promise<RetentionRunResponse> {
    const settings = await this.settings.read();
    const cutoff = this.cutoff(settings, this.clock.now());
    const expired = (await this.storedFiles()).filter((file) => new Date(file.createdAt) <= cutoff);
    let deletedFiles = 0;
    let deletedBytes = 0;
    let rejected = 0;
    const cleared: StoredReceiptFile[] = [];
    for (const file of expired) {
      const path = containedReceiptPath(this.directory, file.imagePath);
      if (!path) {
        rejected += 1;
        continue;
      }
      // The file goes first: should the pointer update fail, the next run finds it missing and clears it.
      try {
        const info = await lstat(path);
        await unlink(path);
        if (info.isFile()) {
          deletedFiles += 1;
          deletedBytes += info.size;
        }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
          this.logger.warn({ message: 'receipt file not deleted', receipt: file.id, error: (error as NodeJS.ErrnoException).code ?? 'unknown' });
          continue;
        }
      }
      cleared.push(file);
    }
    const completedAt = this.clock.now().toISOString();
    if (cleared.length > 0) {
      await this.database.write(async (manager) => {
        for (const file of cleared) {
          // Only the pointer this run looked at: a receipt re-pointed meanwhile keeps its new file.
          await manager.query('UPDATE receipts SET image_path = NULL, updated_at = ? WHERE id = ? AND image_path = ?', [completedAt, file.id, file.imagePath]);
        }
      });
    }
    return { deleted_file_count: deletedFiles, deleted_bytes: deletedBytes, cleared_receipt_count: cleared.length, rejected_path_count: rejected, completed_at: completedAt };
  }

  /** A run the owner started: audited as the reference does, with who ran it. */
  async manualRun(actorUserId: string): Promise<RetentionRunResponse> {
    const result = await this.run();
    await this.database.write((manager) => manager.query(INSERT_PRIVACY_EVENT, privacyEventValues(result.completed_at, PRIVACY_ACTIONS.manualRetention, 200, actorUserId)));
    return result;
  }

  /** The scheduled run: audited only when it cleared something; a failure is logged, never thrown. */
  async scheduledRun(): Promise<RetentionRunResponse | null> {
    try {
      const result = await this.run();
      if (result.cleared_receipt_count > 0) {
        await this.database.write((manager) =>
          manager.query(INSERT_PRIVACY_EVENT, privacyEventValues(result.completed_at, PRIVACY_ACTIONS.scheduledRetention, 0, null)),
        );
        this.logger.log({ message: 'receipt retention', deleted_files: result.deleted_file_count, cleared: result.cleared_receipt_count, rejected: result.rejected_path_count });
      }
      return result;
    } catch (error) {
      this.logger.error({ message: 'receipt retention failed', error: error instanceof Error ? error.message : String(error) });
      return null;
    }
  }

  /** 5 minutes after startup, then every hour from there (the registry clears both at shutdown). */
  @Timeout('receipt-retention-first', RETENTION_FIRST_RUN_MS)
  async firstScheduledRun(): Promise<void> {
    this.scheduler.addInterval('receipt-retention-hourly', setInterval(() => void this.scheduledRun(), RETENTION_INTERVAL_MS));
    await this.scheduledRun();
  }
}
