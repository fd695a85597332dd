import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from './data-source-options.js';

export interface SchemaDiff {
  up: string[];
  down: string[];
}

/**
 * Applies every committed migration to a fresh database and asks TypeORM which statements would
 * still be needed to match the entities: the same comparison `migration:generate` makes. An
 * empty result means the migrations and the entities agree.
 */
export async function pendingSchemaChanges(): Promise<SchemaDiff> {
  const directory = mkdtempSync(join(tmpdir(), 'hinv-schema-'));
  const dataSource = new DataSource(dataSourceOptions(join(directory, 'app.db')));
  try {
    await dataSource.initialize();
    await dataSource.runMigrations();
    const sql = await dataSource.driver.createSchemaBuilder().log();
    return { up: sql.upQueries.map((q) => q.query), down: sql.downQueries.map((q) => q.query) };
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
    rmSync(directory, { recursive: true, force: true });
  }
}
