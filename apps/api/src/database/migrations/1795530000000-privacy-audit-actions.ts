import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Privacy audit rows carry the reference's action names (`portable_export`, `scheduled_retention`). */
export class PrivacyAuditActions1795530000000 implements MigrationInterface {
  name = 'PrivacyAuditActions1795530000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE "audit_events" SET "action" = 'portable_export' WHERE "category" = 'privacy' AND "action" = 'GET /api/v1/privacy/export'`);
    await queryRunner.query(`UPDATE "audit_events" SET "action" = 'scheduled_retention' WHERE "category" = 'privacy' AND "action" = 'scheduled receipt retention'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE "audit_events" SET "action" = 'GET /api/v1/privacy/export' WHERE "category" = 'privacy' AND "action" = 'portable_export'`);
    await queryRunner.query(`UPDATE "audit_events" SET "action" = 'scheduled receipt retention' WHERE "category" = 'privacy' AND "action" = 'scheduled_retention'`);
  }
}
