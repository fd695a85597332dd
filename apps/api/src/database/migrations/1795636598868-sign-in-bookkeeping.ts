import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sign-in failures are counted per account as well as per source, and passkey challenges know
 * the source that asked for them (open challenges are capped per source).
 */
export class SignInBookkeeping1795636598868 implements MigrationInterface {
  name = 'SignInBookkeeping1795636598868';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "login_failures" ADD COLUMN "account_hash" text NOT NULL DEFAULT ('')`);
    await queryRunner.query(`CREATE INDEX "idx_login_failures_account" ON "login_failures" ("account_hash", "created_at") `);
    await queryRunner.query(`ALTER TABLE "webauthn_challenges" ADD COLUMN "source_hash" text NOT NULL DEFAULT ('')`);
    await queryRunner.query(`CREATE INDEX "idx_webauthn_challenges_source" ON "webauthn_challenges" ("source_hash", "expires_at") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_webauthn_challenges_source"`);
    await queryRunner.query(`ALTER TABLE "webauthn_challenges" DROP COLUMN "source_hash"`);
    await queryRunner.query(`DROP INDEX "idx_login_failures_account"`);
    await queryRunner.query(`ALTER TABLE "login_failures" DROP COLUMN "account_hash"`);
  }
}
