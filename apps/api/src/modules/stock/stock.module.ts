import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module.js';
import { StockActionService } from './stock-action.service.js';
import { StockCountService } from './stock-count.service.js';
import { StockReadService } from './stock-read.service.js';
import { StockController } from './stock.controller.js';
import { StockService } from './stock.service.js';

@Module({
  imports: [CatalogModule],
  controllers: [StockController],
  providers: [StockService, StockCountService, StockActionService, StockReadService],
  exports: [StockService],
})
export class StockModule {}
