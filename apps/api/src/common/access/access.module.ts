import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AccessGuard } from './access.guard.js';
import { CredentialResolver } from './credential-resolver.js';

/** Registers the access guard for every route. */
@Global()
@Module({
  providers: [CredentialResolver, { provide: APP_GUARD, useClass: AccessGuard }],
  exports: [CredentialResolver],
})
export class AccessModule {}
