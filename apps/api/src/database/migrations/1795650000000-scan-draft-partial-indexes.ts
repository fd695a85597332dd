import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Scan drafts' indexes hold only what a query looks for: the idempotency keys where set (still
 * unique there) and the code of unresolved drafts, the one query by code. A scan of a known code
 * then no longer writes three index entries nothing reads.
 */
export class ScanDraftPartialIndexes1795650000000 implements MigrationInterface {
  name = 'ScanDraftPartialIndexes1795650000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_scan_drafts_resolve_key"`);
    await queryRunner.query(`DROP INDEX "idx_scan_drafts_confirm_key"`);
    await queryRunner.query(`DROP INDEX "idx_scan_drafts_code"`);
    await queryRunner.query(`CREATE UNIQUE INDEX "idx_scan_drafts_resolve_key" ON "scan_drafts" ("resolve_key") WHERE "resolve_key" IS NOT NULL`);
    await queryRunner.query(`CREATE UNIQUE INDEX "idx_scan_drafts_confirm_key" ON "scan_drafts" ("confirm_key") WHERE "confirm_key" IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX "idx_scan_drafts_unresolved_code" ON "scan_drafts" ("barcode_normalized", "mode", "updated_at") WHERE "status" = 'unresolved'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_scan_drafts_unresolved_code"`);
    await queryRunner.query(`DROP INDEX "idx_scan_drafts_confirm_key"`);
    await queryRunner.query(`DROP INDEX "idx_scan_drafts_resolve_key"`);
    await queryRunner.query(`CREATE INDEX "idx_scan_drafts_code" ON "scan_drafts" ("barcode_normalized", "mode", "status") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "idx_scan_drafts_confirm_key" ON "scan_drafts" ("confirm_key") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "idx_scan_drafts_resolve_key" ON "scan_drafts" ("resolve_key") `);
  }
}
