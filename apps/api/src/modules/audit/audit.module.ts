import { Module } from '@nestjs/common';
import { AuditMiddleware } from './audit.middleware.js';

/** The audit trail of API writes; the platform runs `AuditMiddleware` with its other checks (installPlatform). */
@Module({ providers: [AuditMiddleware], exports: [AuditMiddleware] })
export class AuditModule {}
