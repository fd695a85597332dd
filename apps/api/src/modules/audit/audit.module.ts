import { Module, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { AuditMiddleware } from './audit.middleware.js';

@Module({ providers: [AuditMiddleware] })
export class AuditModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(AuditMiddleware).forRoutes('*path');
  }
}
