import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Catalog1795309384592 implements MigrationInterface {
  name = 'Catalog1795309384592';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "locations" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" text NOT NULL, "description" text NOT NULL DEFAULT (''), "active" boolean NOT NULL DEFAULT (1), "grocy_id" integer, "created_at" text NOT NULL, "updated_at" text NOT NULL, "is_freezer" boolean NOT NULL DEFAULT (0))`);
    await queryRunner.query(`CREATE TABLE "quantity_units" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" text NOT NULL, "description" text NOT NULL DEFAULT (''), "active" boolean NOT NULL DEFAULT (1), "grocy_id" integer, "created_at" text NOT NULL, "updated_at" text NOT NULL, "name_plural" text)`);
    await queryRunner.query(`CREATE TABLE "product_groups" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" text NOT NULL, "description" text NOT NULL DEFAULT (''), "active" boolean NOT NULL DEFAULT (1), "grocy_id" integer, "created_at" text NOT NULL, "updated_at" text NOT NULL)`);
    await queryRunner.query(`CREATE TABLE "products" ("id" text PRIMARY KEY NOT NULL, "name" text NOT NULL, "normalized_name" text NOT NULL, "default_best_before_days" integer NOT NULL DEFAULT (0), "default_location_id" integer, "default_quantity_unit_id" integer, "product_group_id" integer, "minimum_stock_quantity" real NOT NULL DEFAULT (0), "shopping_target_quantity" real NOT NULL DEFAULT (0), "image_url" text, "notes" text NOT NULL DEFAULT (''), "active" boolean NOT NULL DEFAULT (1), "grocy_product_id" integer, "created_at" text NOT NULL, "updated_at" text NOT NULL)`);
    await queryRunner.query(`CREATE INDEX "idx_products_normalized_name" ON "products" ("normalized_name") `);
    await queryRunner.query(`CREATE TABLE "product_variants" ("id" text PRIMARY KEY NOT NULL, "product_id" text NOT NULL, "name" text, "brand" text, "package_amount" real, "package_unit" text, "image_url" text, "created_at" text NOT NULL, "updated_at" text NOT NULL)`);
    await queryRunner.query(`CREATE INDEX "idx_product_variants_product" ON "product_variants" ("product_id") `);
    await queryRunner.query(`CREATE TABLE "product_barcodes" ("barcode" text PRIMARY KEY NOT NULL, "variant_id" text NOT NULL, "symbology" text NOT NULL, "is_primary" boolean NOT NULL DEFAULT (1), "created_at" text NOT NULL, "updated_at" text NOT NULL)`);
    await queryRunner.query(`CREATE INDEX "idx_product_barcodes_variant" ON "product_barcodes" ("variant_id") `);
    await queryRunner.query(`CREATE TABLE "stock_lots" ("id" text PRIMARY KEY NOT NULL, "product_id" text NOT NULL, "variant_id" text, "location_id" integer, "quantity" real NOT NULL, "best_before_date" text, "unit_price" real, "purchased_date" text, "opened_at" text, "created_at" text NOT NULL, "updated_at" text NOT NULL)`);
    await queryRunner.query(`CREATE INDEX "idx_stock_lots_product" ON "stock_lots" ("product_id") `);
    await queryRunner.query(`DROP INDEX "idx_products_normalized_name"`);
    await queryRunner.query(`CREATE TABLE "temporary_products" ("id" text PRIMARY KEY NOT NULL, "name" text NOT NULL, "normalized_name" text NOT NULL, "default_best_before_days" integer NOT NULL DEFAULT (0), "default_location_id" integer, "default_quantity_unit_id" integer, "product_group_id" integer, "minimum_stock_quantity" real NOT NULL DEFAULT (0), "shopping_target_quantity" real NOT NULL DEFAULT (0), "image_url" text, "notes" text NOT NULL DEFAULT (''), "active" boolean NOT NULL DEFAULT (1), "grocy_product_id" integer, "created_at" text NOT NULL, "updated_at" text NOT NULL, CONSTRAINT "FK_47aa37129d7185afbe6fe07bc2b" FOREIGN KEY ("default_location_id") REFERENCES "locations" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION, CONSTRAINT "FK_68eeb83e433b55c2896b000567e" FOREIGN KEY ("default_quantity_unit_id") REFERENCES "quantity_units" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION, CONSTRAINT "FK_1c35296d7250f6684f32b6e20da" FOREIGN KEY ("product_group_id") REFERENCES "product_groups" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION)`);
    await queryRunner.query(`INSERT INTO "temporary_products"("id", "name", "normalized_name", "default_best_before_days", "default_location_id", "default_quantity_unit_id", "product_group_id", "minimum_stock_quantity", "shopping_target_quantity", "image_url", "notes", "active", "grocy_product_id", "created_at", "updated_at") SELECT "id", "name", "normalized_name", "default_best_before_days", "default_location_id", "default_quantity_unit_id", "product_group_id", "minimum_stock_quantity", "shopping_target_quantity", "image_url", "notes", "active", "grocy_product_id", "created_at", "updated_at" FROM "products"`);
    await queryRunner.query(`DROP TABLE "products"`);
    await queryRunner.query(`ALTER TABLE "temporary_products" RENAME TO "products"`);
    await queryRunner.query(`CREATE INDEX "idx_products_normalized_name" ON "products" ("normalized_name") `);
    await queryRunner.query(`DROP INDEX "idx_product_variants_product"`);
    await queryRunner.query(`CREATE TABLE "temporary_product_variants" ("id" text PRIMARY KEY NOT NULL, "product_id" text NOT NULL, "name" text, "brand" text, "package_amount" real, "package_unit" text, "image_url" text, "created_at" text NOT NULL, "updated_at" text NOT NULL, CONSTRAINT "FK_6343513e20e2deab45edfce1316" FOREIGN KEY ("product_id") REFERENCES "products" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
    await queryRunner.query(`INSERT INTO "temporary_product_variants"("id", "product_id", "name", "brand", "package_amount", "package_unit", "image_url", "created_at", "updated_at") SELECT "id", "product_id", "name", "brand", "package_amount", "package_unit", "image_url", "created_at", "updated_at" FROM "product_variants"`);
    await queryRunner.query(`DROP TABLE "product_variants"`);
    await queryRunner.query(`ALTER TABLE "temporary_product_variants" RENAME TO "product_variants"`);
    await queryRunner.query(`CREATE INDEX "idx_product_variants_product" ON "product_variants" ("product_id") `);
    await queryRunner.query(`DROP INDEX "idx_product_barcodes_variant"`);
    await queryRunner.query(`CREATE TABLE "temporary_product_barcodes" ("barcode" text PRIMARY KEY NOT NULL, "variant_id" text NOT NULL, "symbology" text NOT NULL, "is_primary" boolean NOT NULL DEFAULT (1), "created_at" text NOT NULL, "updated_at" text NOT NULL, CONSTRAINT "FK_271eb3797181936ef9a33e62948" FOREIGN KEY ("variant_id") REFERENCES "product_variants" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
    await queryRunner.query(`INSERT INTO "temporary_product_barcodes"("barcode", "variant_id", "symbology", "is_primary", "created_at", "updated_at") SELECT "barcode", "variant_id", "symbology", "is_primary", "created_at", "updated_at" FROM "product_barcodes"`);
    await queryRunner.query(`DROP TABLE "product_barcodes"`);
    await queryRunner.query(`ALTER TABLE "temporary_product_barcodes" RENAME TO "product_barcodes"`);
    await queryRunner.query(`CREATE INDEX "idx_product_barcodes_variant" ON "product_barcodes" ("variant_id") `);
    await queryRunner.query(`DROP INDEX "idx_stock_lots_product"`);
    await queryRunner.query(`CREATE TABLE "temporary_stock_lots" ("id" text PRIMARY KEY NOT NULL, "product_id" text NOT NULL, "variant_id" text, "location_id" integer, "quantity" real NOT NULL, "best_before_date" text, "unit_price" real, "purchased_date" text, "opened_at" text, "created_at" text NOT NULL, "updated_at" text NOT NULL, CONSTRAINT "FK_6bb196d037616e03df6169a2dd1" FOREIGN KEY ("product_id") REFERENCES "products" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION, CONSTRAINT "FK_2ef19fe5b5a1fc064bddffce2f3" FOREIGN KEY ("variant_id") REFERENCES "product_variants" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_36d27bf3383ea3f06953430725d" FOREIGN KEY ("location_id") REFERENCES "locations" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION)`);
    await queryRunner.query(`INSERT INTO "temporary_stock_lots"("id", "product_id", "variant_id", "location_id", "quantity", "best_before_date", "unit_price", "purchased_date", "opened_at", "created_at", "updated_at") SELECT "id", "product_id", "variant_id", "location_id", "quantity", "best_before_date", "unit_price", "purchased_date", "opened_at", "created_at", "updated_at" FROM "stock_lots"`);
    await queryRunner.query(`DROP TABLE "stock_lots"`);
    await queryRunner.query(`ALTER TABLE "temporary_stock_lots" RENAME TO "stock_lots"`);
    await queryRunner.query(`CREATE INDEX "idx_stock_lots_product" ON "stock_lots" ("product_id") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_stock_lots_product"`);
    await queryRunner.query(`ALTER TABLE "stock_lots" RENAME TO "temporary_stock_lots"`);
    await queryRunner.query(`CREATE TABLE "stock_lots" ("id" text PRIMARY KEY NOT NULL, "product_id" text NOT NULL, "variant_id" text, "location_id" integer, "quantity" real NOT NULL, "best_before_date" text, "unit_price" real, "purchased_date" text, "opened_at" text, "created_at" text NOT NULL, "updated_at" text NOT NULL)`);
    await queryRunner.query(`INSERT INTO "stock_lots"("id", "product_id", "variant_id", "location_id", "quantity", "best_before_date", "unit_price", "purchased_date", "opened_at", "created_at", "updated_at") SELECT "id", "product_id", "variant_id", "location_id", "quantity", "best_before_date", "unit_price", "purchased_date", "opened_at", "created_at", "updated_at" FROM "temporary_stock_lots"`);
    await queryRunner.query(`DROP TABLE "temporary_stock_lots"`);
    await queryRunner.query(`CREATE INDEX "idx_stock_lots_product" ON "stock_lots" ("product_id") `);
    await queryRunner.query(`DROP INDEX "idx_product_barcodes_variant"`);
    await queryRunner.query(`ALTER TABLE "product_barcodes" RENAME TO "temporary_product_barcodes"`);
    await queryRunner.query(`CREATE TABLE "product_barcodes" ("barcode" text PRIMARY KEY NOT NULL, "variant_id" text NOT NULL, "symbology" text NOT NULL, "is_primary" boolean NOT NULL DEFAULT (1), "created_at" text NOT NULL, "updated_at" text NOT NULL)`);
    await queryRunner.query(`INSERT INTO "product_barcodes"("barcode", "variant_id", "symbology", "is_primary", "created_at", "updated_at") SELECT "barcode", "variant_id", "symbology", "is_primary", "created_at", "updated_at" FROM "temporary_product_barcodes"`);
    await queryRunner.query(`DROP TABLE "temporary_product_barcodes"`);
    await queryRunner.query(`CREATE INDEX "idx_product_barcodes_variant" ON "product_barcodes" ("variant_id") `);
    await queryRunner.query(`DROP INDEX "idx_product_variants_product"`);
    await queryRunner.query(`ALTER TABLE "product_variants" RENAME TO "temporary_product_variants"`);
    await queryRunner.query(`CREATE TABLE "product_variants" ("id" text PRIMARY KEY NOT NULL, "product_id" text NOT NULL, "name" text, "brand" text, "package_amount" real, "package_unit" text, "image_url" text, "created_at" text NOT NULL, "updated_at" text NOT NULL)`);
    await queryRunner.query(`INSERT INTO "product_variants"("id", "product_id", "name", "brand", "package_amount", "package_unit", "image_url", "created_at", "updated_at") SELECT "id", "product_id", "name", "brand", "package_amount", "package_unit", "image_url", "created_at", "updated_at" FROM "temporary_product_variants"`);
    await queryRunner.query(`DROP TABLE "temporary_product_variants"`);
    await queryRunner.query(`CREATE INDEX "idx_product_variants_product" ON "product_variants" ("product_id") `);
    await queryRunner.query(`DROP INDEX "idx_products_normalized_name"`);
    await queryRunner.query(`ALTER TABLE "products" RENAME TO "temporary_products"`);
    await queryRunner.query(`CREATE TABLE "products" ("id" text PRIMARY KEY NOT NULL, "name" text NOT NULL, "normalized_name" text NOT NULL, "default_best_before_days" integer NOT NULL DEFAULT (0), "default_location_id" integer, "default_quantity_unit_id" integer, "product_group_id" integer, "minimum_stock_quantity" real NOT NULL DEFAULT (0), "shopping_target_quantity" real NOT NULL DEFAULT (0), "image_url" text, "notes" text NOT NULL DEFAULT (''), "active" boolean NOT NULL DEFAULT (1), "grocy_product_id" integer, "created_at" text NOT NULL, "updated_at" text NOT NULL)`);
    await queryRunner.query(`INSERT INTO "products"("id", "name", "normalized_name", "default_best_before_days", "default_location_id", "default_quantity_unit_id", "product_group_id", "minimum_stock_quantity", "shopping_target_quantity", "image_url", "notes", "active", "grocy_product_id", "created_at", "updated_at") SELECT "id", "name", "normalized_name", "default_best_before_days", "default_location_id", "default_quantity_unit_id", "product_group_id", "minimum_stock_quantity", "shopping_target_quantity", "image_url", "notes", "active", "grocy_product_id", "created_at", "updated_at" FROM "temporary_products"`);
    await queryRunner.query(`DROP TABLE "temporary_products"`);
    await queryRunner.query(`CREATE INDEX "idx_products_normalized_name" ON "products" ("normalized_name") `);
    await queryRunner.query(`DROP INDEX "idx_stock_lots_product"`);
    await queryRunner.query(`DROP TABLE "stock_lots"`);
    await queryRunner.query(`DROP INDEX "idx_product_barcodes_variant"`);
    await queryRunner.query(`DROP TABLE "product_barcodes"`);
    await queryRunner.query(`DROP INDEX "idx_product_variants_product"`);
    await queryRunner.query(`DROP TABLE "product_variants"`);
    await queryRunner.query(`DROP INDEX "idx_products_normalized_name"`);
    await queryRunner.query(`DROP TABLE "products"`);
    await queryRunner.query(`DROP TABLE "product_groups"`);
    await queryRunner.query(`DROP TABLE "quantity_units"`);
    await queryRunner.query(`DROP TABLE "locations"`);
  }
}
