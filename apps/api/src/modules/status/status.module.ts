import { Module } from '@nestjs/common';
import { GrocyClientModule } from '../grocy/grocy-client.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { StatusController } from './status.controller.js';
import { StatusService } from './status.service.js';

@Module({ imports: [SettingsModule, GrocyClientModule], controllers: [StatusController], providers: [StatusService] })
export class StatusModule {}
