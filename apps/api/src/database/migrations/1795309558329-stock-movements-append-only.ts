import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Stock movements are history: the database itself refuses to change or remove them. Erasure of
 * the whole installation drops these triggers inside its own transaction (privacy issue).
 */
export class StockMovementsAppendOnly1795309558329 implements MigrationInterface {
  name = 'StockMovementsAppendOnly1795309558329';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TRIGGER "stock_movements_no_update" BEFORE UPDATE ON "stock_movements" BEGIN SELECT RAISE(ABORT, 'stock movements are append-only'); END`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "stock_movements_no_delete" BEFORE DELETE ON "stock_movements" BEGIN SELECT RAISE(ABORT, 'stock movements are append-only'); END`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER "stock_movements_no_delete"');
    await queryRunner.query('DROP TRIGGER "stock_movements_no_update"');
  }
}
