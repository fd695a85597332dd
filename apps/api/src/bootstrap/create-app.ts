import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from '../app.module.js';
import { HttpExceptionFilter } from '../common/errors/http-exception.filter.js';
import { ApiValidationPipe } from '../common/errors/validation.js';
import { installPlatform } from '../common/http/platform.js';
import { indexRoutes } from '../common/http/route-index.js';
import { JsonLogger } from '../common/logging/json-logger.js';
import { defaultWebDistDir } from '../common/http/web-app.js';
import type { AppConfig } from '../config/app-config.js';
import { AuditMiddleware } from '../modules/audit/audit.middleware.js';
import { ReadinessService } from '../modules/health/readiness.service.js';
import { installApiDocs } from '../openapi/api-docs.js';
import { buildOpenApiDocument } from '../openapi/document.js';

/** Builds the whole application: platform middleware, global pipe and filter, docs, routes. */
export async function createApp(config: AppConfig, options: { webDistDir?: string } = {}): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bodyParser: false,
    logger: new JsonLogger(config.env.LOG_LEVEL),
  });
  const audit = app.get(AuditMiddleware);
  installPlatform(app, config, {
    webDistDir: options.webDistDir ?? defaultWebDistDir(),
    gate: app.get(ReadinessService).gate(),
    audit: (request, response, next) => audit.use(request, response, next),
  });
  app.useGlobalPipes(new ApiValidationPipe());
  app.useGlobalFilters(new HttpExceptionFilter());
  installApiDocs(app, () => buildOpenApiDocument(app));
  app.enableShutdownHooks();
  // The routes exist once the app is initialised; listen() then finds it initialised.
  await app.init();
  indexRoutes(app.getHttpAdapter().getInstance());
  return app;
}
