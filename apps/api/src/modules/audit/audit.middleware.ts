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

  private insertStatement?: Statement<[Omit<AuditEventEntity, 'id'>]>;

  /** Every authenticated mutation pays for this row: a prepared INSERT, not TypeORM's query builder. */
  private insertEvent(event: Omit<AuditEventEntity, 'id'>): void {
    this.insertStatement ??= this.database.sqlite.prepare(
      `INSERT INTO audit_events (created_at, category, action, outcome, status_code, actor_user_id, token_id)
       VALUES (@createdAt, @category, @action, @outcome, @statusCode, @actorUserId, @tokenId)`,
    );
    this.insertStatement.run(event);
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
      this.database.writeLater(() => this.insertEvent(event)).catch((error: unknown) => {
        this.logger.error({ message: 'audit event not written', action: event.action, error: String(error) });
      });
    });
    next();
  }
}
