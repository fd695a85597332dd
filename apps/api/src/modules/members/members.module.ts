import { Module } from '@nestjs/common';
import { ApiTokensModule } from '../api-tokens/api-tokens.module.js';
import { MembersController } from './members.controller.js';
import { MembersService } from './members.service.js';

@Module({ imports: [ApiTokensModule], controllers: [MembersController], providers: [MembersService] })
export class MembersModule {}
