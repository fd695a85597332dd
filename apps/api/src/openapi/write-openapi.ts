import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../app.module.js';
import { AppConfig } from '../config/app-config.js';
import { parseEnvironment } from '../config/env.js';
import { buildOpenApiDocument } from './document.js';

/**
 * Writes the OpenAPI document of the built code without starting a server: the application is
 * created in preview mode, which reads every route and DTO but instantiates no provider (so no
 * database is opened and no file is written besides the output).
 *   node dist/openapi/write-openapi.js [output]   (default: openapi.json)
 */
async function main(): Promise<void> {
  const output = resolve(process.argv[2] ?? 'openapi.json');
  const config = new AppConfig(parseEnvironment({}), { key: 'preview-only'.padEnd(32, '-'), source: 'environment' });
  const app = await NestFactory.create(AppModule.forRoot(config), { preview: true, logger: false, bodyParser: false });
  const document = buildOpenApiDocument(app);
  writeFileSync(output, `${JSON.stringify(document, null, 2)}\n`);
  await app.close();
  console.log(`OpenAPI document written to ${output}`);
}

void main();
