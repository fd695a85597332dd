import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Scans remember the name of the token (a scanner station) they came with. */
export class ScanStationName1795500000000 implements MigrationInterface {
  name = 'ScanStationName1795500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "scan_drafts" ADD COLUMN "station_name" text`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "scan_drafts" DROP COLUMN "station_name"`);
  }
}
