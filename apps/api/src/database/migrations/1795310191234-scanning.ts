import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Scanning1795310191234 implements MigrationInterface {
  name = 'Scanning1795310191234';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "catalog_external_refs" ("source" text NOT NULL, "external_id" text NOT NULL, "found" boolean NOT NULL, "suggestion" text, "product_id" text, "variant_id" text, "fetched_at" text NOT NULL, PRIMARY KEY ("source", "external_id"))`);
    await queryRunner.query(`CREATE TABLE "scan_drafts" ("id" text PRIMARY KEY NOT NULL, "barcode_raw" text NOT NULL, "barcode_normalized" text NOT NULL, "symbology" text NOT NULL, "mode" text NOT NULL, "status" text NOT NULL, "resolution_source" text NOT NULL, "product_id" text, "variant_id" text, "suggestion" text, "upstream_error" text, "resolve_key" text, "confirm_key" text, "action_result" text, "created_by" text, "created_at" text NOT NULL, "updated_at" text NOT NULL)`);
    await queryRunner.query(`CREATE UNIQUE INDEX "idx_scan_drafts_resolve_key" ON "scan_drafts" ("resolve_key") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "idx_scan_drafts_confirm_key" ON "scan_drafts" ("confirm_key") `);
    await queryRunner.query(`CREATE INDEX "idx_scan_drafts_code" ON "scan_drafts" ("barcode_normalized", "mode", "status") `);
    await queryRunner.query(`CREATE INDEX "idx_scan_drafts_inbox" ON "scan_drafts" ("status", "updated_at") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_scan_drafts_inbox"`);
    await queryRunner.query(`DROP INDEX "idx_scan_drafts_code"`);
    await queryRunner.query(`DROP INDEX "idx_scan_drafts_confirm_key"`);
    await queryRunner.query(`DROP INDEX "idx_scan_drafts_resolve_key"`);
    await queryRunner.query(`DROP TABLE "scan_drafts"`);
    await queryRunner.query(`DROP TABLE "catalog_external_refs"`);
  }
}
