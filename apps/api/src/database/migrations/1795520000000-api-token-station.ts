import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Tokens say whether they were created as a scanner station; only those name the scans made with
 * them. Tokens made before the flag with exactly the station's scopes are taken to be stations.
 */
export class ApiTokenStation1795520000000 implements MigrationInterface {
  name = 'ApiTokenStation1795520000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "api_tokens" ADD COLUMN "station" boolean NOT NULL DEFAULT (0)`);
    await queryRunner.query(`UPDATE "api_tokens" SET "station" = 1 WHERE "scopes" = '["catalog:read","scans:read","scans:write"]'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "api_tokens" DROP COLUMN "station"`);
  }
}
