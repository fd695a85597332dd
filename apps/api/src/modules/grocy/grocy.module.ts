import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { StockModule } from '../stock/stock.module.js';
import { GrocyClientModule } from './grocy-client.module.js';
import { GrocyIntegrationController, GrocyLegacyController } from './grocy.controller.js';
import { GrocyService } from './grocy.service.js';

@Module({
  imports: [GrocyClientModule, SettingsModule, CatalogModule, StockModule],
  controllers: [GrocyIntegrationController, GrocyLegacyController],
  providers: [GrocyService],
  exports: [GrocyService],
})
export class GrocyModule {}
