import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Recovery codes exist only while TOTP is on. Codes left from a TOTP that was turned off before
 * that rule would otherwise come back to life when TOTP is turned on again.
 */
export class RecoveryCodesNeedTotp1795610000000 implements MigrationInterface {
  name = 'RecoveryCodesNeedTotp1795610000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "recovery_codes" WHERE "user_id" NOT IN (SELECT "id" FROM "users" WHERE "totp_enabled" = 1)`);
  }

  async down(): Promise<void> {
    // Deleted codes stay deleted: they were a way in without the second factor.
  }
}
