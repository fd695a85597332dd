import { Module } from '@nestjs/common';
import { GrocyClientModule } from '../grocy/grocy-client.module.js';
import { ReceiptProviderModule } from '../receipts/provider/receipt-provider.module.js';
import { SettingsController } from './settings.controller.js';
import { SettingsService } from './settings.service.js';

@Module({ imports: [ReceiptProviderModule, GrocyClientModule], controllers: [SettingsController], providers: [SettingsService], exports: [SettingsService] })
export class SettingsModule {}
