import type { MigrationInterface, QueryRunner } from 'typeorm';

export class StockActions1795439875240 implements MigrationInterface {
  name = 'StockActions1795439875240';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "stock_actions" ("id" text PRIMARY KEY NOT NULL, "client_mutation_id" text NOT NULL, "product_id" text NOT NULL, "action" text NOT NULL, "quantity" real NOT NULL, "variant_id" text, "location_id" integer, "best_before_date" text, "lot_id" text, "opened_at" text, "movement_ids" text NOT NULL, "stock_quantity" real NOT NULL, "created_by" text, "created_at" text NOT NULL)`);
    await queryRunner.query(`CREATE UNIQUE INDEX "idx_stock_actions_key" ON "stock_actions" ("client_mutation_id") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_stock_actions_key"`);
    await queryRunner.query(`DROP TABLE "stock_actions"`);
  }
}
