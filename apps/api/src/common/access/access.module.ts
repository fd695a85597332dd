import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AccessGuard } from './access.guard.js';

/** Registers the access guard for every route (credentials come from the auth module). */
@Module({ providers: [{ provide: APP_GUARD, useClass: AccessGuard }] })
export class AccessModule {}
