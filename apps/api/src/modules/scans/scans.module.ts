import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module.js';
import { OpenFoodFactsModule } from '../open-food-facts/open-food-facts.module.js';
import { ReceiptsModule } from '../receipts/receipts.module.js';
import { ShoppingModule } from '../shopping/shopping.module.js';
import { StockModule } from '../stock/stock.module.js';
import { BarcodeLookupController } from './barcode-lookup.controller.js';
import { ScansController } from './scans.controller.js';
import { ScanDraftsRepository } from './scan-drafts.repository.js';
import { ScansService } from './scans.service.js';

@Module({
  imports: [CatalogModule, StockModule, ShoppingModule, OpenFoodFactsModule, ReceiptsModule],
  controllers: [ScansController, BarcodeLookupController],
  providers: [ScansService, ScanDraftsRepository],
})
export class ScansModule {}
