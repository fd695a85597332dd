import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ReceiptFiles1795444709934 implements MigrationInterface {
  name = 'ReceiptFiles1795444709934';

  // Plain column additions: rebuilding "receipts" would cascade into its lines.
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "receipts" ADD COLUMN "source_sha256" text`);
    await queryRunner.query(`ALTER TABLE "receipts" ADD COLUMN "analysis_version" text`);
    await queryRunner.query(`ALTER TABLE "receipts" ADD COLUMN "fingerprint" text`);
    await queryRunner.query(`ALTER TABLE "receipts" ADD COLUMN "image_path" text`);
    await queryRunner.query(`CREATE INDEX "idx_receipts_created" ON "receipts" ("created_at") `);
    await queryRunner.query(`CREATE INDEX "idx_receipts_fingerprint" ON "receipts" ("fingerprint") `);
    await queryRunner.query(`CREATE INDEX "idx_receipts_source" ON "receipts" ("source_sha256", "analysis_version") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_receipts_source"`);
    await queryRunner.query(`DROP INDEX "idx_receipts_fingerprint"`);
    await queryRunner.query(`DROP INDEX "idx_receipts_created"`);
    await queryRunner.query(`ALTER TABLE "receipts" DROP COLUMN "image_path"`);
    await queryRunner.query(`ALTER TABLE "receipts" DROP COLUMN "fingerprint"`);
    await queryRunner.query(`ALTER TABLE "receipts" DROP COLUMN "analysis_version"`);
    await queryRunner.query(`ALTER TABLE "receipts" DROP COLUMN "source_sha256"`);
  }
}
