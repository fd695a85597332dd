import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ShoppingMutations1795440881212 implements MigrationInterface {
  name = 'ShoppingMutations1795440881212';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "shopping_mutations" ("id" text PRIMARY KEY NOT NULL, "client_mutation_id" text NOT NULL, "kind" text NOT NULL, "target_id" text NOT NULL, "response" text NOT NULL, "created_by" text, "created_at" text NOT NULL)`);
    await queryRunner.query(`CREATE UNIQUE INDEX "idx_shopping_mutations_key" ON "shopping_mutations" ("client_mutation_id") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_shopping_mutations_key"`);
    await queryRunner.query(`DROP TABLE "shopping_mutations"`);
  }
}
