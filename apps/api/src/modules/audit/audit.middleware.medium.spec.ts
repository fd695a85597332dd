import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { DataSource } from 'typeorm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PRINCIPAL_KEY } from '../../common/access/principal.js';
import { Clock } from '../../common/clock.js';
import { Database } from '../../database/database.js';
import { dataSourceOptions } from '../../database/data-source-options.js';
import { AuditMiddleware } from './audit.middleware.js';

describe('AuditMiddleware (real SQLite file)', () => {
  const directory = mkdtempSync(join(tmpdir(), 'hinv-audit-'));
  let dataSource: DataSource;
  let database: Database;
  let audit: AuditMiddleware;

  beforeAll(async () => {
    dataSource = new DataSource(dataSourceOptions(join(directory, 'app.db')));
    await dataSource.initialize();
    await dataSource.runMigrations();
    database = new Database(dataSource);
    audit = new AuditMiddleware(database, new Clock());
  });

  afterAll(async () => {
    await dataSource.destroy();
    rmSync(directory, { recursive: true, force: true });
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** One answered request: the middleware runs, then the response finishes with `status`. */
  const answer = (path: string, status: number, userId: string): void => {
    const request = { method: 'POST', route: { path }, [PRINCIPAL_KEY]: { kind: 'token', userId, tokenId: `token-${userId}` } } as unknown as Request;
    const response = Object.assign(new EventEmitter(), { statusCode: status, locals: {} }) as unknown as Response;
    audit.use(request, response, () => undefined);
    response.emit('finish');
  };
  // Audit rows ride along with the next batch: a write queued after them answers once they are committed.
  const committed = () => database.write(() => undefined);
  const rows = (userId: string) =>
    dataSource.query('SELECT category, action, outcome, status_code, actor_user_id, token_id FROM audit_events WHERE actor_user_id = ? ORDER BY id', [userId]) as Promise<unknown[]>;

  it('writes one row per answer, in order, when many answers finish together', async () => {
    for (let index = 0; index < 40; index++) answer('/api/v1/scans/:scan_id/confirm', index % 4 === 0 ? 409 : 200, 'together');
    await committed();
    const written = (await rows('together')) as { outcome: string; status_code: number }[];
    expect(written).toHaveLength(40);
    expect(written[0]).toEqual({ category: 'api', action: 'POST /api/v1/scans/{scan_id}/confirm', outcome: 'failure', status_code: 409, actor_user_id: 'together', token_id: 'token-together' });
    expect(written.map((row) => row.status_code)).toEqual(Array.from({ length: 40 }, (_, index) => (index % 4 === 0 ? 409 : 200)));
  });

  it('logs the rows a refused batch lost, and writes the rows that come after it', async () => {
    const logged = vi.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    // A transaction opened outside the write path makes the next batch refuse every unit in it.
    database.sqlite.exec('BEGIN');
    answer('/api/v1/scans/resolve', 200, 'lost');
    answer('/api/v1/scans/resolve', 200, 'lost');
    await expect(database.write(() => undefined)).rejects.toThrow(/transaction is open outside/);
    database.sqlite.exec('ROLLBACK');
    await vi.waitFor(() => expect(logged).toHaveBeenCalled());
    expect(logged.mock.calls[0][0]).toMatchObject({ message: 'audit events not written', actions: ['POST /api/v1/scans/resolve', 'POST /api/v1/scans/resolve'] });
    expect(await rows('lost')).toEqual([]);

    answer('/api/v1/scans/resolve', 201, 'after');
    await committed();
    expect(await rows('after')).toHaveLength(1);
  });
});
