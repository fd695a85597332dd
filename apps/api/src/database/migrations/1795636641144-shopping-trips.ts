import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Shopping trips: stores, trips, the check-offs of each trip and places set by hand per store. */
export class ShoppingTrips1795636641144 implements MigrationInterface {
  name = 'ShoppingTrips1795636641144';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "shopping_stores" ("id" text PRIMARY KEY NOT NULL, "name" text NOT NULL, "normalized_name" text NOT NULL, "created_at" text NOT NULL)`);
    await queryRunner.query(`CREATE UNIQUE INDEX "idx_shopping_stores_name" ON "shopping_stores" ("normalized_name") `);
    await queryRunner.query(`CREATE TABLE "shopping_trips" ("id" text PRIMARY KEY NOT NULL, "store_id" text NOT NULL, "started_by" text, "started_at" text NOT NULL, "last_activity_at" text NOT NULL, "ended_at" text, "end_reason" text, CONSTRAINT "FK_2978c0e73049603c8e1e80634d0" FOREIGN KEY ("store_id") REFERENCES "shopping_stores" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
    await queryRunner.query(`CREATE INDEX "idx_shopping_trips_started_by" ON "shopping_trips" ("started_by") `);
    await queryRunner.query(`CREATE INDEX "idx_shopping_trips_store" ON "shopping_trips" ("store_id", "started_at") `);
    await queryRunner.query(`CREATE TABLE "shopping_trip_checkoffs" ("id" text PRIMARY KEY NOT NULL, "trip_id" text NOT NULL, "item_id" text NOT NULL, "product_id" text NOT NULL, "sequence" integer NOT NULL, "checked_at" text NOT NULL, CONSTRAINT "FK_6e1f149d12b5b9bf5c62e6070e6" FOREIGN KEY ("trip_id") REFERENCES "shopping_trips" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
    await queryRunner.query(`CREATE UNIQUE INDEX "idx_shopping_trip_checkoffs_item" ON "shopping_trip_checkoffs" ("trip_id", "item_id") `);
    await queryRunner.query(`CREATE TABLE "shopping_store_placements" ("id" text PRIMARY KEY NOT NULL, "store_id" text NOT NULL, "kind" text NOT NULL, "target_id" text NOT NULL, "position" real NOT NULL, "updated_by" text, "updated_at" text NOT NULL, CONSTRAINT "FK_9756ddadf0b57ade330d460a292" FOREIGN KEY ("store_id") REFERENCES "shopping_stores" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
    await queryRunner.query(`CREATE UNIQUE INDEX "idx_shopping_store_placements_target" ON "shopping_store_placements" ("store_id", "kind", "target_id") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "shopping_store_placements"`);
    await queryRunner.query(`DROP TABLE "shopping_trip_checkoffs"`);
    await queryRunner.query(`DROP TABLE "shopping_trips"`);
    await queryRunner.query(`DROP TABLE "shopping_stores"`);
  }
}
