import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Receipt lines keep where they were read (box), how sure OCR was, whether an amount was repaired, and whether a person corrected them. */
export class ReceiptCorrections1795520000000 implements MigrationInterface {
  name = 'ReceiptCorrections1795520000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "receipt_items" ADD COLUMN "box" text`);
    await queryRunner.query(`ALTER TABLE "receipt_items" ADD COLUMN "ocr_confidence" real`);
    await queryRunner.query(`ALTER TABLE "receipt_items" ADD COLUMN "amount_repaired" boolean NOT NULL DEFAULT (0)`);
    await queryRunner.query(`ALTER TABLE "receipt_items" ADD COLUMN "corrected" boolean NOT NULL DEFAULT (0)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "receipt_items" DROP COLUMN "corrected"`);
    await queryRunner.query(`ALTER TABLE "receipt_items" DROP COLUMN "amount_repaired"`);
    await queryRunner.query(`ALTER TABLE "receipt_items" DROP COLUMN "ocr_confidence"`);
    await queryRunner.query(`ALTER TABLE "receipt_items" DROP COLUMN "box"`);
  }
}
