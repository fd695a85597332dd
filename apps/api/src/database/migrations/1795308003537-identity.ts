import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Identity1795308003537 implements MigrationInterface {
  name = 'Identity1795308003537';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "households" ("id" text PRIMARY KEY NOT NULL, "name" text NOT NULL, "created_at" text NOT NULL)`);
    await queryRunner.query(`CREATE TABLE "users" ("id" text PRIMARY KEY NOT NULL, "household_id" text NOT NULL, "email" text, "display_name" text NOT NULL, "role" text NOT NULL, "password_hash" text NOT NULL, "preferred_locale" text NOT NULL, "owner_setup_complete" boolean NOT NULL DEFAULT (0), "active" boolean NOT NULL DEFAULT (1), "totp_secret" text, "totp_enabled" boolean NOT NULL DEFAULT (0), "totp_last_step" integer, "created_at" text NOT NULL, "updated_at" text NOT NULL)`);
    await queryRunner.query(`CREATE UNIQUE INDEX "idx_users_email" ON "users" ("email") `);
    await queryRunner.query(`CREATE TABLE "api_tokens" ("id" text PRIMARY KEY NOT NULL, "user_id" text NOT NULL, "name" text NOT NULL, "prefix" text NOT NULL, "token_hash" text NOT NULL, "scopes" text NOT NULL, "created_at" text NOT NULL, "expires_at" text NOT NULL, "last_used_at" text, "revoked_at" text)`);
    await queryRunner.query(`CREATE INDEX "idx_api_tokens_user" ON "api_tokens" ("user_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "idx_api_tokens_prefix" ON "api_tokens" ("prefix") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "idx_api_tokens_hash" ON "api_tokens" ("token_hash") `);
    await queryRunner.query(`CREATE TABLE "audit_events" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "created_at" text NOT NULL, "category" text NOT NULL, "action" text NOT NULL, "outcome" text NOT NULL, "status_code" integer NOT NULL, "actor_user_id" text, "token_id" text)`);
    await queryRunner.query(`CREATE INDEX "idx_audit_events_created" ON "audit_events" ("created_at") `);
    await queryRunner.query(`CREATE TABLE "login_failures" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "source_hash" text NOT NULL, "created_at" text NOT NULL)`);
    await queryRunner.query(`CREATE INDEX "idx_login_failures_source" ON "login_failures" ("source_hash", "created_at") `);
    await queryRunner.query(`CREATE TABLE "mfa_challenges" ("id" text PRIMARY KEY NOT NULL, "user_id" text NOT NULL, "challenge_hash" text NOT NULL, "source_hash" text NOT NULL, "expires_at" text NOT NULL, "consumed_at" text)`);
    await queryRunner.query(`CREATE UNIQUE INDEX "idx_mfa_challenges_hash" ON "mfa_challenges" ("challenge_hash") `);
    await queryRunner.query(`CREATE TABLE "recovery_codes" ("id" text PRIMARY KEY NOT NULL, "user_id" text NOT NULL, "code_hash" text NOT NULL, "created_at" text NOT NULL, "used_at" text)`);
    await queryRunner.query(`CREATE INDEX "idx_recovery_codes_user" ON "recovery_codes" ("user_id") `);
    await queryRunner.query(`CREATE TABLE "sessions" ("id" text PRIMARY KEY NOT NULL, "user_id" text NOT NULL, "token_hash" text NOT NULL, "device_name" text NOT NULL, "authentication_method" text NOT NULL, "created_at" text NOT NULL, "last_seen_at" text NOT NULL, "expires_at" text NOT NULL, "authenticated_at" text NOT NULL, "revoked_at" text)`);
    await queryRunner.query(`CREATE INDEX "idx_sessions_user" ON "sessions" ("user_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "idx_sessions_token_hash" ON "sessions" ("token_hash") `);
    await queryRunner.query(`CREATE TABLE "invitations" ("id" text PRIMARY KEY NOT NULL, "email" text NOT NULL, "display_name" text NOT NULL, "role" text NOT NULL, "token_hash" text NOT NULL, "invited_by" text NOT NULL, "created_at" text NOT NULL, "expires_at" text NOT NULL, "accepted_at" text, "revoked_at" text)`);
    await queryRunner.query(`CREATE UNIQUE INDEX "idx_invitations_token_hash" ON "invitations" ("token_hash") `);
    await queryRunner.query(`DROP INDEX "idx_users_email"`);
    await queryRunner.query(`CREATE TABLE "temporary_users" ("id" text PRIMARY KEY NOT NULL, "household_id" text NOT NULL, "email" text, "display_name" text NOT NULL, "role" text NOT NULL, "password_hash" text NOT NULL, "preferred_locale" text NOT NULL, "owner_setup_complete" boolean NOT NULL DEFAULT (0), "active" boolean NOT NULL DEFAULT (1), "totp_secret" text, "totp_enabled" boolean NOT NULL DEFAULT (0), "totp_last_step" integer, "created_at" text NOT NULL, "updated_at" text NOT NULL, CONSTRAINT "FK_a5a4e0571994849d6d4b8681089" FOREIGN KEY ("household_id") REFERENCES "households" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
    await queryRunner.query(`INSERT INTO "temporary_users"("id", "household_id", "email", "display_name", "role", "password_hash", "preferred_locale", "owner_setup_complete", "active", "totp_secret", "totp_enabled", "totp_last_step", "created_at", "updated_at") SELECT "id", "household_id", "email", "display_name", "role", "password_hash", "preferred_locale", "owner_setup_complete", "active", "totp_secret", "totp_enabled", "totp_last_step", "created_at", "updated_at" FROM "users"`);
    await queryRunner.query(`DROP TABLE "users"`);
    await queryRunner.query(`ALTER TABLE "temporary_users" RENAME TO "users"`);
    await queryRunner.query(`CREATE UNIQUE INDEX "idx_users_email" ON "users" ("email") `);
    await queryRunner.query(`DROP INDEX "idx_api_tokens_user"`);
    await queryRunner.query(`DROP INDEX "idx_api_tokens_prefix"`);
    await queryRunner.query(`DROP INDEX "idx_api_tokens_hash"`);
    await queryRunner.query(`CREATE TABLE "temporary_api_tokens" ("id" text PRIMARY KEY NOT NULL, "user_id" text NOT NULL, "name" text NOT NULL, "prefix" text NOT NULL, "token_hash" text NOT NULL, "scopes" text NOT NULL, "created_at" text NOT NULL, "expires_at" text NOT NULL, "last_used_at" text, "revoked_at" text, CONSTRAINT "FK_b74883f5884a42fd8496d389b25" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
    await queryRunner.query(`INSERT INTO "temporary_api_tokens"("id", "user_id", "name", "prefix", "token_hash", "scopes", "created_at", "expires_at", "last_used_at", "revoked_at") SELECT "id", "user_id", "name", "prefix", "token_hash", "scopes", "created_at", "expires_at", "last_used_at", "revoked_at" FROM "api_tokens"`);
    await queryRunner.query(`DROP TABLE "api_tokens"`);
    await queryRunner.query(`ALTER TABLE "temporary_api_tokens" RENAME TO "api_tokens"`);
    await queryRunner.query(`CREATE INDEX "idx_api_tokens_user" ON "api_tokens" ("user_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "idx_api_tokens_prefix" ON "api_tokens" ("prefix") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "idx_api_tokens_hash" ON "api_tokens" ("token_hash") `);
    await queryRunner.query(`DROP INDEX "idx_sessions_user"`);
    await queryRunner.query(`DROP INDEX "idx_sessions_token_hash"`);
    await queryRunner.query(`CREATE TABLE "temporary_sessions" ("id" text PRIMARY KEY NOT NULL, "user_id" text NOT NULL, "token_hash" text NOT NULL, "device_name" text NOT NULL, "authentication_method" text NOT NULL, "created_at" text NOT NULL, "last_seen_at" text NOT NULL, "expires_at" text NOT NULL, "authenticated_at" text NOT NULL, "revoked_at" text, CONSTRAINT "FK_085d540d9f418cfbdc7bd55bb19" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
    await queryRunner.query(`INSERT INTO "temporary_sessions"("id", "user_id", "token_hash", "device_name", "authentication_method", "created_at", "last_seen_at", "expires_at", "authenticated_at", "revoked_at") SELECT "id", "user_id", "token_hash", "device_name", "authentication_method", "created_at", "last_seen_at", "expires_at", "authenticated_at", "revoked_at" FROM "sessions"`);
    await queryRunner.query(`DROP TABLE "sessions"`);
    await queryRunner.query(`ALTER TABLE "temporary_sessions" RENAME TO "sessions"`);
    await queryRunner.query(`CREATE INDEX "idx_sessions_user" ON "sessions" ("user_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "idx_sessions_token_hash" ON "sessions" ("token_hash") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_sessions_token_hash"`);
    await queryRunner.query(`DROP INDEX "idx_sessions_user"`);
    await queryRunner.query(`ALTER TABLE "sessions" RENAME TO "temporary_sessions"`);
    await queryRunner.query(`CREATE TABLE "sessions" ("id" text PRIMARY KEY NOT NULL, "user_id" text NOT NULL, "token_hash" text NOT NULL, "device_name" text NOT NULL, "authentication_method" text NOT NULL, "created_at" text NOT NULL, "last_seen_at" text NOT NULL, "expires_at" text NOT NULL, "authenticated_at" text NOT NULL, "revoked_at" text)`);
    await queryRunner.query(`INSERT INTO "sessions"("id", "user_id", "token_hash", "device_name", "authentication_method", "created_at", "last_seen_at", "expires_at", "authenticated_at", "revoked_at") SELECT "id", "user_id", "token_hash", "device_name", "authentication_method", "created_at", "last_seen_at", "expires_at", "authenticated_at", "revoked_at" FROM "temporary_sessions"`);
    await queryRunner.query(`DROP TABLE "temporary_sessions"`);
    await queryRunner.query(`CREATE UNIQUE INDEX "idx_sessions_token_hash" ON "sessions" ("token_hash") `);
    await queryRunner.query(`CREATE INDEX "idx_sessions_user" ON "sessions" ("user_id") `);
    await queryRunner.query(`DROP INDEX "idx_api_tokens_hash"`);
    await queryRunner.query(`DROP INDEX "idx_api_tokens_prefix"`);
    await queryRunner.query(`DROP INDEX "idx_api_tokens_user"`);
    await queryRunner.query(`ALTER TABLE "api_tokens" RENAME TO "temporary_api_tokens"`);
    await queryRunner.query(`CREATE TABLE "api_tokens" ("id" text PRIMARY KEY NOT NULL, "user_id" text NOT NULL, "name" text NOT NULL, "prefix" text NOT NULL, "token_hash" text NOT NULL, "scopes" text NOT NULL, "created_at" text NOT NULL, "expires_at" text NOT NULL, "last_used_at" text, "revoked_at" text)`);
    await queryRunner.query(`INSERT INTO "api_tokens"("id", "user_id", "name", "prefix", "token_hash", "scopes", "created_at", "expires_at", "last_used_at", "revoked_at") SELECT "id", "user_id", "name", "prefix", "token_hash", "scopes", "created_at", "expires_at", "last_used_at", "revoked_at" FROM "temporary_api_tokens"`);
    await queryRunner.query(`DROP TABLE "temporary_api_tokens"`);
    await queryRunner.query(`CREATE UNIQUE INDEX "idx_api_tokens_hash" ON "api_tokens" ("token_hash") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "idx_api_tokens_prefix" ON "api_tokens" ("prefix") `);
    await queryRunner.query(`CREATE INDEX "idx_api_tokens_user" ON "api_tokens" ("user_id") `);
    await queryRunner.query(`DROP INDEX "idx_users_email"`);
    await queryRunner.query(`ALTER TABLE "users" RENAME TO "temporary_users"`);
    await queryRunner.query(`CREATE TABLE "users" ("id" text PRIMARY KEY NOT NULL, "household_id" text NOT NULL, "email" text, "display_name" text NOT NULL, "role" text NOT NULL, "password_hash" text NOT NULL, "preferred_locale" text NOT NULL, "owner_setup_complete" boolean NOT NULL DEFAULT (0), "active" boolean NOT NULL DEFAULT (1), "totp_secret" text, "totp_enabled" boolean NOT NULL DEFAULT (0), "totp_last_step" integer, "created_at" text NOT NULL, "updated_at" text NOT NULL)`);
    await queryRunner.query(`INSERT INTO "users"("id", "household_id", "email", "display_name", "role", "password_hash", "preferred_locale", "owner_setup_complete", "active", "totp_secret", "totp_enabled", "totp_last_step", "created_at", "updated_at") SELECT "id", "household_id", "email", "display_name", "role", "password_hash", "preferred_locale", "owner_setup_complete", "active", "totp_secret", "totp_enabled", "totp_last_step", "created_at", "updated_at" FROM "temporary_users"`);
    await queryRunner.query(`DROP TABLE "temporary_users"`);
    await queryRunner.query(`CREATE UNIQUE INDEX "idx_users_email" ON "users" ("email") `);
    await queryRunner.query(`DROP INDEX "idx_invitations_token_hash"`);
    await queryRunner.query(`DROP TABLE "invitations"`);
    await queryRunner.query(`DROP INDEX "idx_sessions_token_hash"`);
    await queryRunner.query(`DROP INDEX "idx_sessions_user"`);
    await queryRunner.query(`DROP TABLE "sessions"`);
    await queryRunner.query(`DROP INDEX "idx_recovery_codes_user"`);
    await queryRunner.query(`DROP TABLE "recovery_codes"`);
    await queryRunner.query(`DROP INDEX "idx_mfa_challenges_hash"`);
    await queryRunner.query(`DROP TABLE "mfa_challenges"`);
    await queryRunner.query(`DROP INDEX "idx_login_failures_source"`);
    await queryRunner.query(`DROP TABLE "login_failures"`);
    await queryRunner.query(`DROP INDEX "idx_audit_events_created"`);
    await queryRunner.query(`DROP TABLE "audit_events"`);
    await queryRunner.query(`DROP INDEX "idx_api_tokens_hash"`);
    await queryRunner.query(`DROP INDEX "idx_api_tokens_prefix"`);
    await queryRunner.query(`DROP INDEX "idx_api_tokens_user"`);
    await queryRunner.query(`DROP TABLE "api_tokens"`);
    await queryRunner.query(`DROP INDEX "idx_users_email"`);
    await queryRunner.query(`DROP TABLE "users"`);
    await queryRunner.query(`DROP TABLE "households"`);
  }
}
