import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Sign-in failures are counted per account as well as per source. */
export class LoginFailureAccounts1795636598868 implements MigrationInterface {
  name = 'LoginFailureAccounts1795636598868';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "login_failures" ADD COLUMN "account_hash" text NOT NULL DEFAULT ('')`);
    await queryRunner.query(`CREATE INDEX "idx_login_failures_account" ON "login_failures" ("account_hash", "created_at") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_login_failures_account"`);
    await queryRunner.query(`ALTER TABLE "login_failures" DROP COLUMN "account_hash"`);
  }
}
