import { Module } from '@nestjs/common';
import { ReceiptProviderModule } from '../receipts/provider/receipt-provider.module.js';
import { SettingsController } from './settings.controller.js';
import { SettingsService } from './settings.service.js';

@Module({ imports: [ReceiptProviderModule], controllers: [SettingsController], providers: [SettingsService], exports: [SettingsService] })
export class SettingsModule {}
