import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Settings1795443642638 implements MigrationInterface {
  name = 'Settings1795443642638';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "instance_settings" ("id" integer PRIMARY KEY NOT NULL, "provider_type" text NOT NULL, "provider_base_url" text NOT NULL, "provider_model" text NOT NULL, "provider_api_key" text, "grocy_enabled" boolean NOT NULL, "grocy_url" text NOT NULL, "grocy_api_key" text, "privacy_delete_image_after_analysis" boolean NOT NULL, "privacy_retention_days" integer NOT NULL, "updated_at" text NOT NULL)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "instance_settings"`);
  }
}
