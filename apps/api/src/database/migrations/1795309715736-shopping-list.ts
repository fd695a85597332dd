import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ShoppingList1795309715736 implements MigrationInterface {
  name = 'ShoppingList1795309715736';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "shopping_generation_runs" ("id" text PRIMARY KEY NOT NULL, "client_mutation_id" text NOT NULL, "requested_count" integer NOT NULL, "created_count" integer NOT NULL, "updated_count" integer NOT NULL, "unchanged_count" integer NOT NULL, "skipped_count" integer NOT NULL, "created_by" text, "created_at" text NOT NULL)`);
    await queryRunner.query(`CREATE UNIQUE INDEX "idx_shopping_generation_runs_key" ON "shopping_generation_runs" ("client_mutation_id") `);
    await queryRunner.query(`CREATE TABLE "shopping_generation_items" ("id" text PRIMARY KEY NOT NULL, "run_id" text NOT NULL, "product_id" text NOT NULL, "product_name" text NOT NULL, "quantity_unit_name" text, "current_quantity" real NOT NULL, "minimum_quantity" real NOT NULL, "target_quantity" real NOT NULL, "suggested_quantity" real NOT NULL, "action" text NOT NULL, "shopping_item_id" text, "created_at" text NOT NULL)`);
    await queryRunner.query(`CREATE INDEX "idx_shopping_generation_items_run" ON "shopping_generation_items" ("run_id") `);
    await queryRunner.query(`CREATE TABLE "shopping_list_items" ("id" text PRIMARY KEY NOT NULL, "product_id" text, "label" text NOT NULL, "desired_quantity" real NOT NULL DEFAULT (1), "checked" boolean NOT NULL DEFAULT (0), "notes" text NOT NULL DEFAULT (''), "created_at" text NOT NULL, "updated_at" text NOT NULL)`);
    await queryRunner.query(`CREATE INDEX "idx_shopping_list_items_open" ON "shopping_list_items" ("checked", "product_id") `);
    await queryRunner.query(`DROP INDEX "idx_shopping_generation_items_run"`);
    await queryRunner.query(`CREATE TABLE "temporary_shopping_generation_items" ("id" text PRIMARY KEY NOT NULL, "run_id" text NOT NULL, "product_id" text NOT NULL, "product_name" text NOT NULL, "quantity_unit_name" text, "current_quantity" real NOT NULL, "minimum_quantity" real NOT NULL, "target_quantity" real NOT NULL, "suggested_quantity" real NOT NULL, "action" text NOT NULL, "shopping_item_id" text, "created_at" text NOT NULL, CONSTRAINT "FK_833b91c4c4584f3705b826502d4" FOREIGN KEY ("run_id") REFERENCES "shopping_generation_runs" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
    await queryRunner.query(`INSERT INTO "temporary_shopping_generation_items"("id", "run_id", "product_id", "product_name", "quantity_unit_name", "current_quantity", "minimum_quantity", "target_quantity", "suggested_quantity", "action", "shopping_item_id", "created_at") SELECT "id", "run_id", "product_id", "product_name", "quantity_unit_name", "current_quantity", "minimum_quantity", "target_quantity", "suggested_quantity", "action", "shopping_item_id", "created_at" FROM "shopping_generation_items"`);
    await queryRunner.query(`DROP TABLE "shopping_generation_items"`);
    await queryRunner.query(`ALTER TABLE "temporary_shopping_generation_items" RENAME TO "shopping_generation_items"`);
    await queryRunner.query(`CREATE INDEX "idx_shopping_generation_items_run" ON "shopping_generation_items" ("run_id") `);
    await queryRunner.query(`DROP INDEX "idx_shopping_list_items_open"`);
    await queryRunner.query(`CREATE TABLE "temporary_shopping_list_items" ("id" text PRIMARY KEY NOT NULL, "product_id" text, "label" text NOT NULL, "desired_quantity" real NOT NULL DEFAULT (1), "checked" boolean NOT NULL DEFAULT (0), "notes" text NOT NULL DEFAULT (''), "created_at" text NOT NULL, "updated_at" text NOT NULL, CONSTRAINT "FK_2b7cdc20ef2ccc347037432d769" FOREIGN KEY ("product_id") REFERENCES "products" ("id") ON DELETE SET NULL ON UPDATE NO ACTION)`);
    await queryRunner.query(`INSERT INTO "temporary_shopping_list_items"("id", "product_id", "label", "desired_quantity", "checked", "notes", "created_at", "updated_at") SELECT "id", "product_id", "label", "desired_quantity", "checked", "notes", "created_at", "updated_at" FROM "shopping_list_items"`);
    await queryRunner.query(`DROP TABLE "shopping_list_items"`);
    await queryRunner.query(`ALTER TABLE "temporary_shopping_list_items" RENAME TO "shopping_list_items"`);
    await queryRunner.query(`CREATE INDEX "idx_shopping_list_items_open" ON "shopping_list_items" ("checked", "product_id") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_shopping_list_items_open"`);
    await queryRunner.query(`ALTER TABLE "shopping_list_items" RENAME TO "temporary_shopping_list_items"`);
    await queryRunner.query(`CREATE TABLE "shopping_list_items" ("id" text PRIMARY KEY NOT NULL, "product_id" text, "label" text NOT NULL, "desired_quantity" real NOT NULL DEFAULT (1), "checked" boolean NOT NULL DEFAULT (0), "notes" text NOT NULL DEFAULT (''), "created_at" text NOT NULL, "updated_at" text NOT NULL)`);
    await queryRunner.query(`INSERT INTO "shopping_list_items"("id", "product_id", "label", "desired_quantity", "checked", "notes", "created_at", "updated_at") SELECT "id", "product_id", "label", "desired_quantity", "checked", "notes", "created_at", "updated_at" FROM "temporary_shopping_list_items"`);
    await queryRunner.query(`DROP TABLE "temporary_shopping_list_items"`);
    await queryRunner.query(`CREATE INDEX "idx_shopping_list_items_open" ON "shopping_list_items" ("checked", "product_id") `);
    await queryRunner.query(`DROP INDEX "idx_shopping_generation_items_run"`);
    await queryRunner.query(`ALTER TABLE "shopping_generation_items" RENAME TO "temporary_shopping_generation_items"`);
    await queryRunner.query(`CREATE TABLE "shopping_generation_items" ("id" text PRIMARY KEY NOT NULL, "run_id" text NOT NULL, "product_id" text NOT NULL, "product_name" text NOT NULL, "quantity_unit_name" text, "current_quantity" real NOT NULL, "minimum_quantity" real NOT NULL, "target_quantity" real NOT NULL, "suggested_quantity" real NOT NULL, "action" text NOT NULL, "shopping_item_id" text, "created_at" text NOT NULL)`);
    await queryRunner.query(`INSERT INTO "shopping_generation_items"("id", "run_id", "product_id", "product_name", "quantity_unit_name", "current_quantity", "minimum_quantity", "target_quantity", "suggested_quantity", "action", "shopping_item_id", "created_at") SELECT "id", "run_id", "product_id", "product_name", "quantity_unit_name", "current_quantity", "minimum_quantity", "target_quantity", "suggested_quantity", "action", "shopping_item_id", "created_at" FROM "temporary_shopping_generation_items"`);
    await queryRunner.query(`DROP TABLE "temporary_shopping_generation_items"`);
    await queryRunner.query(`CREATE INDEX "idx_shopping_generation_items_run" ON "shopping_generation_items" ("run_id") `);
    await queryRunner.query(`DROP INDEX "idx_shopping_list_items_open"`);
    await queryRunner.query(`DROP TABLE "shopping_list_items"`);
    await queryRunner.query(`DROP INDEX "idx_shopping_generation_items_run"`);
    await queryRunner.query(`DROP TABLE "shopping_generation_items"`);
    await queryRunner.query(`DROP INDEX "idx_shopping_generation_runs_key"`);
    await queryRunner.query(`DROP TABLE "shopping_generation_runs"`);
  }
}
