import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
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

  afterEach(() => {
    vi.restoreAllMocks();
  });

  const insertState = (userId: string) => (manager: DataSource['manager']) =>
    manager.insert(ExperienceStateEntity, { userId, onboardingCompletedAt: null, lastAcknowledgedVersion: null, updatedAt: 'now' });
  const storedIds = async (prefix: string) =>
    (await dataSource.manager.find(ExperienceStateEntity)).map((row) => row.userId).filter((id) => id.startsWith(prefix)).sort();

  it('runs in WAL mode with foreign keys, a busy timeout and an fsync on every commit', async () => {
    expect(await dataSource.query('PRAGMA journal_mode')).toEqual([{ journal_mode: 'wal' }]);
    // 2 = FULL: a commit returns only after the WAL is flushed, so a power cut loses no answered write.
    expect(await dataSource.query('PRAGMA synchronous')).toEqual([{ synchronous: 2 }]);
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

  it('commits units that arrive together in one transaction, and answers none before that commit', async () => {
    const runner = dataSource.createQueryRunner();
    const events: string[] = [];
    const commit = runner.commitTransaction.bind(runner);
    const commits = vi.spyOn(runner, 'commitTransaction').mockImplementation(async () => {
      events.push('commit');
      await commit();
    });
    const writes = ['group-1', 'group-2', 'group-3'].map((id) => database.write(insertState(id)).then(() => events.push(`answered ${id}`)));
    await Promise.all(writes);
    expect(commits).toHaveBeenCalledTimes(1);
    expect(events).toEqual(['commit', 'answered group-1', 'answered group-2', 'answered group-3']);
    expect(await storedIds('group-')).toEqual(['group-1', 'group-2', 'group-3']);
  });

  it('forms the next batch from units queued while a batch runs', async () => {
    const runner = dataSource.createQueryRunner();
    const commits = vi.spyOn(runner, 'commitTransaction');
    let second: Promise<unknown> | undefined;
    await database.write(async (manager) => {
      await insertState('next-1')(manager);
      second = database.write(insertState('next-2'));
    });
    await second;
    expect(commits).toHaveBeenCalledTimes(2);
    expect(await storedIds('next-')).toEqual(['next-1', 'next-2']);
  });

  it('lets a write nobody waits for ride along with the next batch, or commit alone soon after', async () => {
    const runner = dataSource.createQueryRunner();
    const commits = vi.spyOn(runner, 'commitTransaction');
    const later = database.writeLater(insertState('later-1'));
    await database.write(insertState('later-2'));
    await later;
    expect(commits).toHaveBeenCalledTimes(1);
    const started = Date.now();
    await database.writeLater(insertState('later-3'));
    expect(Date.now() - started).toBeLessThan(1000);
    expect(commits).toHaveBeenCalledTimes(2);
    expect(await storedIds('later-')).toEqual(['later-1', 'later-2', 'later-3']);
  });

  it('refuses every unit of a batch whose commit fails, and keeps none of it', async () => {
    const runner = dataSource.createQueryRunner();
    vi.spyOn(runner, 'commitTransaction').mockRejectedValueOnce(new Error('disk I/O error'));
    const results = await Promise.allSettled(['lost-1', 'lost-2'].map((id) => database.write(insertState(id))));
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(await storedIds('lost-')).toEqual([]);
    // The shared query runner is usable again.
    await database.write(insertState('after-failure'));
    expect(await storedIds('after-failure')).toEqual(['after-failure']);
  });

  it('refuses the whole batch when SQLite abandoned its transaction', async () => {
    const results = await Promise.allSettled([
      database.write(insertState('abandoned-1')),
      database.write(async (manager) => {
        await insertState('abandoned-2')(manager);
        database.sqlite.exec('ROLLBACK'); // what SQLITE_FULL or SQLITE_IOERR do to a transaction
        throw new Error('database or disk is full');
      }),
      database.write(insertState('abandoned-3')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(await storedIds('abandoned-')).toEqual([]);
    await database.write(insertState('after-abandon'));
    expect(await storedIds('after-abandon')).toEqual(['after-abandon']);
  });

  it('refuses to join a transaction opened outside the write path', async () => {
    database.sqlite.exec('BEGIN');
    try {
      await expect(database.write(insertState('stray'))).rejects.toThrow('outside Database.write()');
    } finally {
      database.sqlite.exec('ROLLBACK');
    }
    expect(await storedIds('stray')).toEqual([]);
  });

  it('gives an exclusive run the write path to itself: earlier writes first, later ones after it, none in its transaction', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolveGate) => (release = resolveGate));
    const seen: string[][] = [];
    const before = database.write(insertState('alone-before'));
    const run = database.exclusive(async (transaction) => {
      seen.push(await storedIds('alone-'));
      await transaction((manager) => manager.createQueryBuilder().delete().from(ExperienceStateEntity).execute());
      // File work and other waits inside the run: writes queued meanwhile must not start.
      await gate;
      seen.push(await storedIds('alone-'));
      return 'erased';
    });
    const during = database.write(insertState('alone-during'));
    const later = database.writeLater(insertState('alone-later'));
    let duringDone = false;
    void during.then(() => (duringDone = true));
    await before;
    await new Promise((settled) => setImmediate(settled));
    await new Promise((settled) => setImmediate(settled));
    expect(duringDone).toBe(false);
    release();
    expect(await run).toBe('erased');
    await Promise.all([during, later]);
    // The earlier write was there for the run (and erased by it); the later ones landed after it.
    expect(seen).toEqual([['alone-before'], []]);
    expect(await storedIds('alone-')).toEqual(['alone-during', 'alone-later']);
  });

  it('refuses an exclusive run whose transaction fails, keeps nothing of it and goes on with the queue', async () => {
    await database.write(insertState('failed-kept'));
    const run = database.exclusive(async (transaction) =>
      transaction(async (manager) => {
        await manager.createQueryBuilder().delete().from(ExperienceStateEntity).execute();
        throw new Error('the erasure failed half-way');
      }),
    );
    const after = database.write(insertState('failed-after'));
    await expect(run).rejects.toThrow('half-way');
    await after;
    expect(await storedIds('failed-')).toEqual(['failed-after', 'failed-kept']);
  });

  it('gives a new committed state once a batch has committed, in the turn that asked before it too', async () => {
    // The write's batch is scheduled first: it commits in the turn that kept the answer below.
    const written = database.write(insertState('state-after-batch'));
    const before = database.committedState();
    expect(before).not.toBeNull();
    expect(database.committedState()).toBe(before);
    let during: string | null | undefined;
    await Promise.all([written, database.write(() => (during = database.committedState()))]);
    // Inside the batch's transaction reads see uncommitted changes: no state to keep them under.
    expect(during).toBeNull();
    expect(database.committedState()).not.toBe(before);
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
