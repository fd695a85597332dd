import { stat } from 'node:fs/promises';
import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import { AppConfig } from '../../config/app-config.js';
import { Database } from '../../database/database.js';
import { SIGNED_IN_STEP_FAILURES } from '../auth/login-throttle.service.js';
import type { OperationsAuditEventResponse, OperationsCountResponse, OperationsOverviewResponse } from './dto/privacy.dto.js';
import { sanitizeAuditAction } from './export-sections.js';
import { RetentionService } from './retention.service.js';

/**
 * The `api` rows of a signed-in user's wrong password, which the sign-in throttle records as a
 * `sign_in` failure too: left out of `failures_24h` so each failure counts once.
 */
const COUNTED_AS_SIGN_IN = SIGNED_IN_STEP_FAILURES.map(({ action, status }) => `(category = 'api' AND action = '${action}' AND status_code = ${status})`).join(' OR ');

const DAY_MS = 24 * 60 * 60 * 1000;

async function fileSize(path: string): Promise<number> {
  try {
    return (await stat(path)).size;
  } catch {
    return 0;
  }
}

/**
 * The owner's operations view: database health, counts, retention and recent events. Events show
 * the route template and the actor's display name only: no addresses, fingerprints, detail JSON,
 * query strings or identifiers from URLs.
 */
@Injectable()
export class OperationsService {
  constructor(
    private readonly config: AppConfig,
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly retention: RetentionService,
  ) {}

  private integrity(): string {
    const rows = this.database.sqlite.pragma('quick_check') as { quick_check: string }[];
    return rows.map((row) => row.quick_check).join('; ') || 'unknown';
  }

  private counts(now: Date): OperationsCountResponse {
    const count = (sql: string, ...params: unknown[]) => (this.database.sqlite.prepare(sql).get(...params) as { n: number }).n;
    const iso = now.toISOString();
    const dayAgo = new Date(now.getTime() - DAY_MS).toISOString();
    return {
      active_users: count('SELECT COUNT(*) AS n FROM users WHERE active = 1'),
      active_sessions: count('SELECT COUNT(*) AS n FROM sessions WHERE revoked_at IS NULL AND expires_at > ?', iso),
      active_api_tokens: count('SELECT COUNT(*) AS n FROM api_tokens WHERE revoked_at IS NULL AND expires_at > ?', iso),
      active_push_devices: count('SELECT COUNT(*) AS n FROM push_subscriptions WHERE active = 1'),
      pending_receipts: count("SELECT COUNT(*) AS n FROM receipts WHERE status = 'review'"),
      products: count('SELECT COUNT(*) AS n FROM products WHERE active = 1'),
      stock_lots: count('SELECT COUNT(*) AS n FROM stock_lots WHERE quantity > 0'),
      failures_24h: count(`SELECT COUNT(*) AS n FROM audit_events WHERE outcome = 'failure' AND created_at >= ? AND NOT (${COUNTED_AS_SIGN_IN})`, dayAgo),
      sign_in_failures_24h: count("SELECT COUNT(*) AS n FROM audit_events WHERE category = 'sign_in' AND action LIKE 'sign_in_failed %' AND created_at >= ?", dayAgo),
      sign_in_lockouts_24h: count("SELECT COUNT(*) AS n FROM audit_events WHERE category = 'sign_in' AND action LIKE 'sign_in_locked_%' AND created_at >= ?", dayAgo),
    };
  }

  private recentEvents(limit: number): OperationsAuditEventResponse[] {
    const rows = this.database.sqlite
      .prepare(
        `SELECT e.id, e.category, e.action, e.outcome, e.created_at, u.display_name
         FROM audit_events e LEFT JOIN users u ON u.id = e.actor_user_id
         ORDER BY e.created_at DESC, e.id DESC LIMIT ?`,
      )
      .all(limit) as { id: number; category: string; action: string; outcome: string; created_at: string; display_name: string | null }[];
    return rows.map((row) => ({
      id: String(row.id),
      category: row.category,
      action: sanitizeAuditAction(row.action),
      outcome: row.outcome,
      created_at: row.created_at,
      actor_label: row.display_name ?? 'System',
    }));
  }

  async overview(eventLimit: number): Promise<OperationsOverviewResponse> {
    const now = this.clock.now();
    const file = this.config.databaseFile;
    return {
      database_integrity: this.integrity(),
      database_bytes: (await fileSize(file)) + (await fileSize(`${file}-wal`)),
      counts: this.counts(now),
      retention: await this.retention.preview(),
      recent_events: this.recentEvents(eventLimit),
      generated_at: now.toISOString(),
    };
  }
}
