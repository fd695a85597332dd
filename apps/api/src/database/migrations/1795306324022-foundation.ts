import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Foundation1795306324022 implements MigrationInterface {
  name = 'Foundation1795306324022';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "user_experience" ("user_id" text PRIMARY KEY NOT NULL, "onboarding_completed_at" text, "last_acknowledged_version" text, "updated_at" text NOT NULL)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "user_experience"`);
  }
}
