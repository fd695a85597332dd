import { Module } from '@nestjs/common';
import { CatalogController } from './catalog.controller.js';
import { CatalogService } from './catalog.service.js';
import { MasterDataController } from './master-data/master-data.controller.js';
import { MasterDataService } from './master-data/master-data.service.js';

@Module({
  controllers: [CatalogController, MasterDataController],
  providers: [CatalogService, MasterDataService],
  exports: [CatalogService, MasterDataService],
})
export class CatalogModule {}
