// The framework's own floor, run as a process of its own by bench/floor.mjs: a minimal NestJS app
// on platform-express (the API's own installed versions) with one controller answering
// {"status":"ok"}, no middleware, pipes, guards or interceptors. Prints its port once listening.
//   node bench/nest-floor-server.mjs
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const api = createRequire(join(resolve(import.meta.dirname, '..'), 'apps/api/package.json'));
const load = (name) => import(pathToFileURL(api.resolve(name)).href);
await load('reflect-metadata');
const { Controller, Get, Module } = await load('@nestjs/common');
const { NestFactory } = await load('@nestjs/core');
await load('@nestjs/platform-express');

class HealthController {
  health() {
    return { status: 'ok' };
  }
}
// Decorators applied by hand: this file is plain JavaScript.
Get()(HealthController.prototype, 'health', Object.getOwnPropertyDescriptor(HealthController.prototype, 'health'));
Controller('health')(HealthController);
class FloorModule {}
Module({ controllers: [HealthController] })(FloorModule);

const app = await NestFactory.create(FloorModule, { logger: false });
await app.listen(0, '127.0.0.1');
process.stdout.write(`${app.getHttpServer().address().port}\n`);
