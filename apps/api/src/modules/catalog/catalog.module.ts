import { Module } from '@nestjs/common';
import { MulterModule } from '@nestjs/platform-express';
import { AppConfig } from '../../config/app-config.js';
import { uploadLimits } from '../../common/http/body-limits.js';
import { CatalogController } from './catalog.controller.js';
import { CatalogService } from './catalog.service.js';
import { MasterDataController } from './master-data/master-data.controller.js';
import { MasterDataService } from './master-data/master-data.service.js';
import { ProductImagesService } from './product-images.service.js';

@Module({
  imports: [
    // Uploads are held in memory (they are converted before anything is written) and capped by MAX_UPLOAD_MB.
    MulterModule.registerAsync({ inject: [AppConfig], useFactory: (config: AppConfig) => ({ limits: uploadLimits(config.maxUploadBytes) }) }),
  ],
  controllers: [CatalogController, MasterDataController],
  providers: [CatalogService, MasterDataService, ProductImagesService],
  exports: [CatalogService, MasterDataService],
})
export class CatalogModule {}
