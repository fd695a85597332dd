import { Injectable, Logger, type NestMiddleware } from '@nestjs/common';
import type { Statement } from 'better-sqlite3';
import type { NextFunction, Request, Response } from 'express';
import { PRINCIPAL_KEY, type RequestWithPrincipal } from '../../common/access/principal.js';
import { Clock } from '../../common/clock.js';
import { Database } from '../../database/database.js';
import { AuditEventEntity } from './audit-event.entity.js';

const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `response.locals` flag of a request that must leave no audit row (the erasure, which empties the table). */
export const SKIP_AUDIT = 'hinvSkipAudit';

/** `/api/v1/auth/sessions/:session_id` → `/api/v1/auth/sessions/{session_id}`: no ids in the log. */
export function routeTemplate(request: Request): string | null {
  const path = (request.route as { path?: unknown } | undefined)?.path;
  return typeof path === 'string' ? path.replace(/:([A-Za-z0-9_]+)/g, '{$1}') : null;
}

/**
 * Writes one audit row for every authenticated mutation under /api/v1, after the answer is sent:
 * route template, status, outcome, the acting user and token. Never bodies, secrets, client
 * addresses or user agents.
 */
@Injectable()
export class AuditMiddleware implements NestMiddleware {
  private readonly logger = new Logger('Audit');

  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  private insertStatement?: Statement<unknown[]>;
  /** Rows noted since the last write took them: one unit of the next batch writes them all. */
  private pending: Omit<AuditEventEntity, 'id'>[] = [];

  /**
   * Every authenticated mutation pays for its row, so rows that come together share one unit of
   * a batch (one savepoint, one promise) and a prepared INSERT with its values bound by position.
   */
  private note(event: Omit<AuditEventEntity, 'id'>): void {
    this.pending.push(event);
    if (this.pending.length > 1) return;
    let taken: Omit<AuditEventEntity, 'id'>[] = [];
    this.database
      .writeLater(() => {
        taken = this.pending;
        this.pending = [];
        this.insertStatement ??= this.database.sqlite.prepare(
          'INSERT INTO audit_events (created_at, category, action, outcome, status_code, actor_user_id, token_id) VALUES (?, ?, ?, ?, ?, ?, ?)',
        );
        for (const row of taken) this.insertStatement.run(row.createdAt, row.category, row.action, row.outcome, row.statusCode, row.actorUserId, row.tokenId);
      })
      .catch((error: unknown) => {
        // A unit refused before it ran leaves its rows pending: they are lost with it, and the
        // next row starts a unit of its own again.
        const lost = taken.length > 0 ? taken : this.pending.splice(0);
        this.logger.error({ message: 'audit events not written', actions: lost.map((row) => row.action), error: String(error) });
      });
  }

  use(request: Request & RequestWithPrincipal, response: Response, next: NextFunction): void {
    if (!MUTATIONS.has(request.method)) return next();
    response.on('finish', () => {
      const principal = request[PRINCIPAL_KEY];
      // The matched route is known only now; its template also tells whether it is under /api/v1.
      const template = routeTemplate(request);
      if (!principal || !template?.startsWith('/api/v1/') || response.locals[SKIP_AUDIT] === true) return;
      const event: Omit<AuditEventEntity, 'id'> = {
        createdAt: this.clock.now().toISOString(),
        category: 'api',
        action: `${request.method} ${template}`,
        outcome: response.statusCode < 400 ? 'success' : 'failure',
        statusCode: response.statusCode,
        actorUserId: principal.userId,
        tokenId: principal.tokenId ?? null,
      };
      this.note(event);
    });
    next();
  }
}
