import type { MigrationInterface, QueryRunner } from 'typeorm';

export class StockCounts1795309619109 implements MigrationInterface {
  name = 'StockCounts1795309619109';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "stock_count_sessions" ("id" text PRIMARY KEY NOT NULL, "client_mutation_id" text NOT NULL, "source" text NOT NULL, "note" text NOT NULL DEFAULT (''), "status" text NOT NULL, "line_count" integer NOT NULL, "changed_count" integer NOT NULL, "created_by" text, "created_at" text NOT NULL)`);
    await queryRunner.query(`CREATE UNIQUE INDEX "idx_stock_count_sessions_key" ON "stock_count_sessions" ("client_mutation_id") `);
    await queryRunner.query(`CREATE INDEX "idx_stock_count_sessions_created" ON "stock_count_sessions" ("created_at") `);
    await queryRunner.query(`CREATE TABLE "stock_count_lines" ("id" text PRIMARY KEY NOT NULL, "session_id" text NOT NULL, "product_id" text NOT NULL, "variant_id" text, "location_id" integer, "previous_quantity" real NOT NULL, "counted_quantity" real NOT NULL, "quantity_delta" real NOT NULL, "best_before_date" text, "unit_price" real, "note" text NOT NULL DEFAULT (''), "movement_count" integer NOT NULL, "created_at" text NOT NULL)`);
    await queryRunner.query(`CREATE INDEX "idx_stock_count_lines_session" ON "stock_count_lines" ("session_id") `);
    await queryRunner.query(`DROP INDEX "idx_stock_count_lines_session"`);
    await queryRunner.query(`CREATE TABLE "temporary_stock_count_lines" ("id" text PRIMARY KEY NOT NULL, "session_id" text NOT NULL, "product_id" text NOT NULL, "variant_id" text, "location_id" integer, "previous_quantity" real NOT NULL, "counted_quantity" real NOT NULL, "quantity_delta" real NOT NULL, "best_before_date" text, "unit_price" real, "note" text NOT NULL DEFAULT (''), "movement_count" integer NOT NULL, "created_at" text NOT NULL, CONSTRAINT "FK_74459e82c7eff60e3e9f71b6514" FOREIGN KEY ("session_id") REFERENCES "stock_count_sessions" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
    await queryRunner.query(`INSERT INTO "temporary_stock_count_lines"("id", "session_id", "product_id", "variant_id", "location_id", "previous_quantity", "counted_quantity", "quantity_delta", "best_before_date", "unit_price", "note", "movement_count", "created_at") SELECT "id", "session_id", "product_id", "variant_id", "location_id", "previous_quantity", "counted_quantity", "quantity_delta", "best_before_date", "unit_price", "note", "movement_count", "created_at" FROM "stock_count_lines"`);
    await queryRunner.query(`DROP TABLE "stock_count_lines"`);
    await queryRunner.query(`ALTER TABLE "temporary_stock_count_lines" RENAME TO "stock_count_lines"`);
    await queryRunner.query(`CREATE INDEX "idx_stock_count_lines_session" ON "stock_count_lines" ("session_id") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_stock_count_lines_session"`);
    await queryRunner.query(`ALTER TABLE "stock_count_lines" RENAME TO "temporary_stock_count_lines"`);
    await queryRunner.query(`CREATE TABLE "stock_count_lines" ("id" text PRIMARY KEY NOT NULL, "session_id" text NOT NULL, "product_id" text NOT NULL, "variant_id" text, "location_id" integer, "previous_quantity" real NOT NULL, "counted_quantity" real NOT NULL, "quantity_delta" real NOT NULL, "best_before_date" text, "unit_price" real, "note" text NOT NULL DEFAULT (''), "movement_count" integer NOT NULL, "created_at" text NOT NULL)`);
    await queryRunner.query(`INSERT INTO "stock_count_lines"("id", "session_id", "product_id", "variant_id", "location_id", "previous_quantity", "counted_quantity", "quantity_delta", "best_before_date", "unit_price", "note", "movement_count", "created_at") SELECT "id", "session_id", "product_id", "variant_id", "location_id", "previous_quantity", "counted_quantity", "quantity_delta", "best_before_date", "unit_price", "note", "movement_count", "created_at" FROM "temporary_stock_count_lines"`);
    await queryRunner.query(`DROP TABLE "temporary_stock_count_lines"`);
    await queryRunner.query(`CREATE INDEX "idx_stock_count_lines_session" ON "stock_count_lines" ("session_id") `);
    await queryRunner.query(`DROP INDEX "idx_stock_count_lines_session"`);
    await queryRunner.query(`DROP TABLE "stock_count_lines"`);
    await queryRunner.query(`DROP INDEX "idx_stock_count_sessions_created"`);
    await queryRunner.query(`DROP INDEX "idx_stock_count_sessions_key"`);
    await queryRunner.query(`DROP TABLE "stock_count_sessions"`);
  }
}
