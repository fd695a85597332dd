import { rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { bearer, createToken, setUpHousehold } from '../support/household.js';
import { startServer } from '../support/server.js';

const CODE = '4006381333931';

describe('a scan is never lost', () => {
  it('keeps every answered draft when the server is killed while 32 stations scan and the WAL is being checkpointed', async () => {
    const server = await startServer({}, { keepDataDir: true });
    const databaseFile = join(server.dataDir, 'app.db');
    try {
      const owner = await setUpHousehold(server.baseUrl);
      expect((await owner.call('POST', '/api/v1/catalog/products', { name: 'Pencil lead', barcode: CODE })).ok).toBe(true);
      const { token } = await createToken(owner, ['scans:write'], 'station', { station: true });
      const sizeBefore = statSync(databaseFile).size;

      const answered: string[] = [];
      let killed = false;
      const station = async (number: number) => {
        for (let scan = 0; !killed; scan++) {
          const response = await fetch(`${server.baseUrl}/api/v1/scans/resolve`, {
            method: 'POST',
            headers: { ...bearer(token), 'content-type': 'application/json' },
            body: JSON.stringify({ barcode: CODE, mode: 'identify', client_mutation_id: `station-${number}-${scan}` }),
          }).catch(() => null);
          // An answer cut off by the kill before its body arrived told the station nothing.
          const body = response?.ok ? ((await response.json().catch(() => null)) as { id: string } | null) : null;
          if (body) answered.push(body.id);
        }
      };
      const stations = Array.from({ length: 32 }, (_, number) => station(number));
      // At least 600 answered scans (~20 batches) and a checkpoint that has copied pages into the
      // database file (the checkpoint thread's, every 16 commits, or SQLite's own at 1,000 pages).
      while (answered.length < 600 || statSync(databaseFile).size === sizeBefore) await new Promise((r) => setTimeout(r, 20));
      killed = true;
      process.kill(server.pid, 'SIGKILL');
      await Promise.all(stations);
      await server.stop();

      const database = new Database(databaseFile, { fileMustExist: true });
      try {
        expect(database.pragma('integrity_check')).toEqual([{ integrity_check: 'ok' }]);
        const stored = database.prepare('SELECT 1 FROM scan_drafts WHERE id = ?');
        expect(answered.filter((id) => stored.get(id) === undefined)).toEqual([]);
      } finally {
        database.close();
      }
    } finally {
      await server.stop();
      rmSync(server.dataDir, { recursive: true, force: true });
    }
  });
});
