import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ReceiptMappings1795452164926 implements MigrationInterface {
  name = 'ReceiptMappings1795452164926';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "receipt_store_mappings" ("retailer_key" text NOT NULL, "line_key" text NOT NULL, "product_id" text NOT NULL, "variant_id" text, "created_at" text NOT NULL, "updated_at" text NOT NULL, PRIMARY KEY ("retailer_key", "line_key"))`);
    await queryRunner.query(`CREATE INDEX "idx_receipt_store_mappings_product" ON "receipt_store_mappings" ("product_id") `);
    await queryRunner.query(`CREATE INDEX "idx_receipt_store_mappings_variant" ON "receipt_store_mappings" ("variant_id") `);
    await queryRunner.query(`CREATE TABLE "product_aliases" ("alias_key" text NOT NULL, "product_id" text NOT NULL, "alias" text NOT NULL, "created_at" text NOT NULL, PRIMARY KEY ("alias_key", "product_id"))`);
    await queryRunner.query(`CREATE INDEX "idx_product_aliases_product" ON "product_aliases" ("product_id") `);
    await queryRunner.query(`DROP INDEX "idx_receipt_store_mappings_product"`);
    await queryRunner.query(`DROP INDEX "idx_receipt_store_mappings_variant"`);
    await queryRunner.query(`CREATE TABLE "temporary_receipt_store_mappings" ("retailer_key" text NOT NULL, "line_key" text NOT NULL, "product_id" text NOT NULL, "variant_id" text, "created_at" text NOT NULL, "updated_at" text NOT NULL, CONSTRAINT "FK_5c7e9766c3d5468919be9dea1a2" FOREIGN KEY ("product_id") REFERENCES "products" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_956de3eea3b43b99798a3419546" FOREIGN KEY ("variant_id") REFERENCES "product_variants" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, PRIMARY KEY ("retailer_key", "line_key"))`);
    await queryRunner.query(`INSERT INTO "temporary_receipt_store_mappings"("retailer_key", "line_key", "product_id", "variant_id", "created_at", "updated_at") SELECT "retailer_key", "line_key", "product_id", "variant_id", "created_at", "updated_at" FROM "receipt_store_mappings"`);
    await queryRunner.query(`DROP TABLE "receipt_store_mappings"`);
    await queryRunner.query(`ALTER TABLE "temporary_receipt_store_mappings" RENAME TO "receipt_store_mappings"`);
    await queryRunner.query(`CREATE INDEX "idx_receipt_store_mappings_product" ON "receipt_store_mappings" ("product_id") `);
    await queryRunner.query(`CREATE INDEX "idx_receipt_store_mappings_variant" ON "receipt_store_mappings" ("variant_id") `);
    await queryRunner.query(`DROP INDEX "idx_product_aliases_product"`);
    await queryRunner.query(`CREATE TABLE "temporary_product_aliases" ("alias_key" text NOT NULL, "product_id" text NOT NULL, "alias" text NOT NULL, "created_at" text NOT NULL, CONSTRAINT "FK_c1813630be6782015a3cbf1158a" FOREIGN KEY ("product_id") REFERENCES "products" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("alias_key", "product_id"))`);
    await queryRunner.query(`INSERT INTO "temporary_product_aliases"("alias_key", "product_id", "alias", "created_at") SELECT "alias_key", "product_id", "alias", "created_at" FROM "product_aliases"`);
    await queryRunner.query(`DROP TABLE "product_aliases"`);
    await queryRunner.query(`ALTER TABLE "temporary_product_aliases" RENAME TO "product_aliases"`);
    await queryRunner.query(`CREATE INDEX "idx_product_aliases_product" ON "product_aliases" ("product_id") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_product_aliases_product"`);
    await queryRunner.query(`ALTER TABLE "product_aliases" RENAME TO "temporary_product_aliases"`);
    await queryRunner.query(`CREATE TABLE "product_aliases" ("alias_key" text NOT NULL, "product_id" text NOT NULL, "alias" text NOT NULL, "created_at" text NOT NULL, PRIMARY KEY ("alias_key", "product_id"))`);
    await queryRunner.query(`INSERT INTO "product_aliases"("alias_key", "product_id", "alias", "created_at") SELECT "alias_key", "product_id", "alias", "created_at" FROM "temporary_product_aliases"`);
    await queryRunner.query(`DROP TABLE "temporary_product_aliases"`);
    await queryRunner.query(`CREATE INDEX "idx_product_aliases_product" ON "product_aliases" ("product_id") `);
    await queryRunner.query(`DROP INDEX "idx_receipt_store_mappings_variant"`);
    await queryRunner.query(`DROP INDEX "idx_receipt_store_mappings_product"`);
    await queryRunner.query(`ALTER TABLE "receipt_store_mappings" RENAME TO "temporary_receipt_store_mappings"`);
    await queryRunner.query(`CREATE TABLE "receipt_store_mappings" ("retailer_key" text NOT NULL, "line_key" text NOT NULL, "product_id" text NOT NULL, "variant_id" text, "created_at" text NOT NULL, "updated_at" text NOT NULL, PRIMARY KEY ("retailer_key", "line_key"))`);
    await queryRunner.query(`INSERT INTO "receipt_store_mappings"("retailer_key", "line_key", "product_id", "variant_id", "created_at", "updated_at") SELECT "retailer_key", "line_key", "product_id", "variant_id", "created_at", "updated_at" FROM "temporary_receipt_store_mappings"`);
    await queryRunner.query(`DROP TABLE "temporary_receipt_store_mappings"`);
    await queryRunner.query(`CREATE INDEX "idx_receipt_store_mappings_variant" ON "receipt_store_mappings" ("variant_id") `);
    await queryRunner.query(`CREATE INDEX "idx_receipt_store_mappings_product" ON "receipt_store_mappings" ("product_id") `);
    await queryRunner.query(`DROP INDEX "idx_product_aliases_product"`);
    await queryRunner.query(`DROP TABLE "product_aliases"`);
    await queryRunner.query(`DROP INDEX "idx_receipt_store_mappings_variant"`);
    await queryRunner.query(`DROP INDEX "idx_receipt_store_mappings_product"`);
    await queryRunner.query(`DROP TABLE "receipt_store_mappings"`);
  }
}
