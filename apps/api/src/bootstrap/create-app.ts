import { ConsoleLogger, type LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from '../app.module.js';
import { HttpExceptionFilter } from '../common/errors/http-exception.filter.js';
import { ApiValidationPipe } from '../common/errors/validation.js';
import { installPlatform } from '../common/http/platform.js';
import { defaultWebDistDir } from '../common/http/web-app.js';
import type { AppConfig } from '../config/app-config.js';
import { ReadinessService } from '../modules/health/readiness.service.js';
import { installApiDocs } from '../openapi/api-docs.js';
import { buildOpenApiDocument } from '../openapi/document.js';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'] as const;

export function createLogger(level: string): LoggerService {
  const upTo = LOG_LEVELS.indexOf(level as (typeof LOG_LEVELS)[number]);
  return new ConsoleLogger({ json: true, logLevels: [...LOG_LEVELS.slice(0, upTo + 1)] });
}

/** Builds the whole application: platform middleware, global pipe and filter, docs, routes. */
export async function createApp(config: AppConfig, options: { webDistDir?: string } = {}): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bodyParser: false,
    logger: createLogger(config.env.LOG_LEVEL),
  });
  installPlatform(app, config, {
    webDistDir: options.webDistDir ?? defaultWebDistDir(),
    gate: app.get(ReadinessService).gate(),
  });
  app.useGlobalPipes(new ApiValidationPipe());
  app.useGlobalFilters(new HttpExceptionFilter());
  installApiDocs(app, () => buildOpenApiDocument(app));
  app.enableShutdownHooks();
  return app;
}
