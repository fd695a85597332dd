import { Module } from '@nestjs/common';
import { SettingsModule } from '../settings/settings.module.js';
import { StatusController } from './status.controller.js';
import { StatusService } from './status.service.js';

@Module({ imports: [SettingsModule], controllers: [StatusController], providers: [StatusService] })
export class StatusModule {}
