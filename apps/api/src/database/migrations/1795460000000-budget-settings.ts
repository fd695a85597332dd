import type { MigrationInterface, QueryRunner } from 'typeorm';

export class BudgetSettings1795460000000 implements MigrationInterface {
  name = 'BudgetSettings1795460000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "budget_settings" ("id" integer PRIMARY KEY NOT NULL, "monthly_limit_cents" integer NOT NULL, "warning_percent" integer NOT NULL, "updated_at" text NOT NULL)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "budget_settings"`);
  }
}
