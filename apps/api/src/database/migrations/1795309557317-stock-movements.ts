import type { MigrationInterface, QueryRunner } from 'typeorm';

export class StockMovements1795309557317 implements MigrationInterface {
  name = 'StockMovements1795309557317';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "stock_movements" ("id" text PRIMARY KEY NOT NULL, "product_id" text NOT NULL, "variant_id" text, "lot_id" text, "location_id" integer, "movement_type" text NOT NULL, "quantity_delta" real NOT NULL, "source" text NOT NULL, "reference_id" text, "created_at" text NOT NULL)`);
    await queryRunner.query(`CREATE INDEX "idx_stock_movements_created" ON "stock_movements" ("created_at", "id") `);
    await queryRunner.query(`CREATE INDEX "idx_stock_movements_product" ON "stock_movements" ("product_id", "created_at") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_stock_movements_product"`);
    await queryRunner.query(`DROP INDEX "idx_stock_movements_created"`);
    await queryRunner.query(`DROP TABLE "stock_movements"`);
  }
}
