import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Notifications1795480000000 implements MigrationInterface {
  name = 'Notifications1795480000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "notification_preferences" ("user_id" text PRIMARY KEY NOT NULL, "push_enabled" boolean NOT NULL, "low_stock_enabled" boolean NOT NULL, "expiry_enabled" boolean NOT NULL, "expiry_days_before" integer NOT NULL, "updated_at" text NOT NULL)`);
    await queryRunner.query(`CREATE TABLE "push_subscriptions" ("id" text PRIMARY KEY NOT NULL, "user_id" text NOT NULL, "endpoint_hash" text NOT NULL, "subscription" text NOT NULL, "device_name" text NOT NULL, "active" boolean NOT NULL, "failure_count" integer NOT NULL, "last_success_at" text, "last_failure_at" text, "revoked_reason" text, "created_at" text NOT NULL, "updated_at" text NOT NULL)`);
    await queryRunner.query(`CREATE INDEX "idx_push_subscriptions_user" ON "push_subscriptions" ("user_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "idx_push_subscriptions_endpoint" ON "push_subscriptions" ("endpoint_hash") `);
    await queryRunner.query(`CREATE TABLE "notification_events" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "user_id" text NOT NULL, "kind" text NOT NULL, "subject_id" text NOT NULL, "active" boolean NOT NULL, "activated_at" text NOT NULL, "last_notified_at" text, "resolved_at" text, "updated_at" text NOT NULL)`);
    await queryRunner.query(`CREATE UNIQUE INDEX "idx_notification_events_subject" ON "notification_events" ("user_id", "kind", "subject_id") `);
    await queryRunner.query(`CREATE TABLE "push_deliveries" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "subscription_id" text NOT NULL, "event_id" integer, "kind" text NOT NULL, "outcome" text NOT NULL, "status_code" integer, "error" text, "created_at" text NOT NULL)`);
    await queryRunner.query(`CREATE INDEX "idx_push_deliveries_created" ON "push_deliveries" ("created_at") `);
    await queryRunner.query(`CREATE TABLE "notification_service_state" ("id" integer PRIMARY KEY NOT NULL, "vapid_key" text, "last_checked_at" text)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "notification_service_state"`);
    await queryRunner.query(`DROP INDEX "idx_push_deliveries_created"`);
    await queryRunner.query(`DROP TABLE "push_deliveries"`);
    await queryRunner.query(`DROP INDEX "idx_notification_events_subject"`);
    await queryRunner.query(`DROP TABLE "notification_events"`);
    await queryRunner.query(`DROP INDEX "idx_push_subscriptions_endpoint"`);
    await queryRunner.query(`DROP INDEX "idx_push_subscriptions_user"`);
    await queryRunner.query(`DROP TABLE "push_subscriptions"`);
    await queryRunner.query(`DROP TABLE "notification_preferences"`);
  }
}
