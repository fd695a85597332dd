import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Passkeys1795308198283 implements MigrationInterface {
  name = 'Passkeys1795308198283';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "passkeys" ("id" text PRIMARY KEY NOT NULL, "user_id" text NOT NULL, "credential_id" text NOT NULL, "public_key" text NOT NULL, "counter" integer NOT NULL, "transports" text NOT NULL, "device_type" text NOT NULL, "backed_up" boolean NOT NULL, "name" text NOT NULL, "created_at" text NOT NULL, "last_used_at" text)`);
    await queryRunner.query(`CREATE INDEX "idx_passkeys_user" ON "passkeys" ("user_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "idx_passkeys_credential" ON "passkeys" ("credential_id") `);
    await queryRunner.query(`CREATE TABLE "webauthn_challenges" ("id_hash" text PRIMARY KEY NOT NULL, "kind" text NOT NULL, "challenge" text NOT NULL, "origin" text NOT NULL, "rp_id" text NOT NULL, "user_id" text, "session_id" text, "expires_at" text NOT NULL, "consumed_at" text)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "webauthn_challenges"`);
    await queryRunner.query(`DROP INDEX "idx_passkeys_credential"`);
    await queryRunner.query(`DROP INDEX "idx_passkeys_user"`);
    await queryRunner.query(`DROP TABLE "passkeys"`);
  }
}
