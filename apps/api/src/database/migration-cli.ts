import 'reflect-metadata';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pendingSchemaChanges } from './schema-diff.js';

/**
 *   node dist/database/migration-cli.js check            exit 1 when the entities need a migration
 *   node dist/database/migration-cli.js generate <Name>  write that migration into src/database/migrations
 * Run from apps/api after a build (the entities are read from the compiled code).
 */
const [command, name] = process.argv.slice(2);

function quote(sql: string): string {
  return '`' + sql.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${') + '`';
}

async function main(): Promise<void> {
  const diff = await pendingSchemaChanges();
  if (command === 'check') {
    if (diff.up.length === 0) {
      console.log('Migrations match the entities.');
      return;
    }
    console.error('The entities differ from the committed migrations. Missing statements:');
    for (const statement of diff.up) console.error(`  ${statement};`);
    console.error('Generate a migration: pnpm nx run api:migration-generate --args=<Name>');
    process.exitCode = 1;
    return;
  }
  if (command === 'generate' && name && /^[A-Z][A-Za-z0-9]*$/.test(name)) {
    if (diff.up.length === 0) {
      console.log('Nothing to generate: migrations match the entities.');
      return;
    }
    const timestamp = Date.now();
    const className = `${name}${timestamp}`;
    const fileBase = `${timestamp}-${name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()}`;
    const directory = resolve('src/database/migrations');
    const body = `import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ${className} implements MigrationInterface {
  name = '${className}';

  async up(queryRunner: QueryRunner): Promise<void> {
${diff.up.map((sql) => `    await queryRunner.query(${quote(sql)});`).join('\n')}
  }

  async down(queryRunner: QueryRunner): Promise<void> {
${[...diff.down].reverse().map((sql) => `    await queryRunner.query(${quote(sql)});`).join('\n')}
  }
}
`;
    writeFileSync(join(directory, `${fileBase}.ts`), body);
    const indexFile = join(directory, 'index.ts');
    const lines = readFileSync(indexFile, 'utf8').split('\n');
    const lastImport = lines.map((line) => line.startsWith('import ')).lastIndexOf(true);
    lines.splice(lastImport + 1, 0, `import { ${className} } from './${fileBase}.js';`);
    lines.splice(lines.lastIndexOf('];'), 0, `  ${className},`);
    writeFileSync(indexFile, lines.join('\n'));
    console.log(`Wrote src/database/migrations/${fileBase}.ts and registered it in index.ts`);
    return;
  }
  console.error('usage: migration-cli.js check | generate <PascalCaseName>');
  process.exitCode = 2;
}

void main();
