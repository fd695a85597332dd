import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataSource } from 'typeorm';
import { ExperienceStateEntity } from '../modules/experience/experience-state.entity.js';
import { ExperienceService } from '../modules/experience/experience.service.js';
import type { Principal } from '../common/access/principal.js';
import { Database } from './database.js';
import { dataSourceOptions } from './data-source-options.js';

describe('the SQLite database (real file, committed migrations)', () => {
  const directory = mkdtempSync(join(tmpdir(), 'hinv-medium-'));
  let dataSource: DataSource;
  let database: Database;

  beforeAll(async () => {
    dataSource = new DataSource(dataSourceOptions(join(directory, 'app.db')));
    await dataSource.initialize();
    await dataSource.runMigrations();
    database = new Database(dataSource);
  });

  afterAll(async () => {
    await dataSource.destroy();
    rmSync(directory, { recursive: true, force: true });
  });

  it('runs in WAL mode with foreign keys and a busy timeout', async () => {
    expect(await dataSource.query('PRAGMA journal_mode')).toEqual([{ journal_mode: 'wal' }]);
    expect(await dataSource.query('PRAGMA foreign_keys')).toEqual([{ foreign_keys: 1 }]);
    expect(await dataSource.query('PRAGMA busy_timeout')).toEqual([{ timeout: 5000 }]);
  });

  it('has applied every committed migration', async () => {
    expect(await dataSource.showMigrations()).toBe(false);
  });

  it('serialises write transactions: a failing unit rolls back alone while others commit', async () => {
    const insert = (userId: string) => (manager: DataSource['manager']) =>
      manager.insert(ExperienceStateEntity, { userId, onboardingCompletedAt: null, lastAcknowledgedVersion: null, updatedAt: 'now' });
    const pause = () => new Promise((resolve) => setTimeout(resolve, 5));
    const results = await Promise.allSettled([
      database.write(async (manager) => {
        await insert('kept-1')(manager);
        await pause();
      }),
      database.write(async (manager) => {
        await insert('rolled-back')(manager);
        await pause();
        throw new Error('the request failed half-way');
      }),
      database.write(async (manager) => {
        await pause();
        await insert('kept-2')(manager);
      }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const ids = (await dataSource.manager.find(ExperienceStateEntity)).map((row) => row.userId).sort();
    expect(ids).toEqual(['kept-1', 'kept-2']);
  });

  it('stores the experience state per user', async () => {
    const service = new ExperienceService(database);
    const principal: Principal = { kind: 'session', userId: 'user-a', householdId: 'h', role: 'member', locale: 'de' };
    expect((await service.getState(principal)).onboarding_required).toBe(true);
    await service.update(principal, { complete_onboarding: true });
    const state = await service.getState(principal);
    expect(state).toMatchObject({ onboarding_completed: true, onboarding_required: false, release_notes_pending: false });
    await expect(service.update(principal, {})).rejects.toThrow();
  });
});
