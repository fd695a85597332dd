import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ReceiptImport1795452259752 implements MigrationInterface {
  name = 'ReceiptImport1795452259752';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "import_runs" ("id" text PRIMARY KEY NOT NULL, "receipt_id" text NOT NULL, "user_id" text, "requested" integer NOT NULL, "imported" integer NOT NULL, "failed" integer NOT NULL, "grocy_exported" integer NOT NULL DEFAULT (0), "grocy_failed" integer NOT NULL DEFAULT (0), "details" text NOT NULL, "created_at" text NOT NULL, CONSTRAINT "FK_9e76a4cfab6687f8e65f21626f1" FOREIGN KEY ("receipt_id") REFERENCES "receipts" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
    await queryRunner.query(`CREATE INDEX "idx_import_runs_receipt" ON "import_runs" ("receipt_id", "created_at") `);
    await queryRunner.query(`CREATE INDEX "idx_receipt_items_prices" ON "receipt_items" ("product_id") WHERE "imported" = 1`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_receipt_items_prices"`);
    await queryRunner.query(`DROP INDEX "idx_import_runs_receipt"`);
    await queryRunner.query(`DROP TABLE "import_runs"`);
  }
}
