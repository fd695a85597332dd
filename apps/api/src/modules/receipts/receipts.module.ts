import { Module } from '@nestjs/common';
import { MulterModule } from '@nestjs/platform-express';
import { AppConfig } from '../../config/app-config.js';
import { uploadLimits } from '../../common/http/body-limits.js';
import { CatalogModule } from '../catalog/catalog.module.js';
import { GrocyModule } from '../grocy/grocy.module.js';
import { OpenFoodFactsModule } from '../open-food-facts/open-food-facts.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { StockModule } from '../stock/stock.module.js';
import { ProviderSources } from './provider/provider-sources.js';
import { ReceiptProviderModule } from './provider/receipt-provider.module.js';
import { ReceiptDecoder } from './reading/decoder.js';
import { LocalReceiptReader } from './reading/local-receipt-reader.js';
import { OcrEngine } from './reading/ocr-engine.js';
import { ReceiptReaders } from './reading/receipt-readers.js';
import { ReceiptCorrectionsController } from './receipt-corrections.controller.js';
import { ReceiptCorrectionsService } from './receipt-corrections.service.js';
import { ReceiptCandidatesController } from './receipt-candidates.controller.js';
import { ReceiptCandidatesService } from './receipt-candidates.service.js';
import { ReceiptGrocyController } from './receipt-grocy.controller.js';
import { ReceiptGrocyService } from './receipt-grocy.service.js';
import { ReceiptImportController } from './receipt-import.controller.js';
import { ReceiptImportService } from './receipt-import.service.js';
import { ReceiptMappingController } from './receipt-mapping.controller.js';
import { ReceiptMappingService } from './receipt-mapping.service.js';
import { ReceiptReconcileService } from './receipt-reconcile.service.js';
import { ReceiptsController } from './receipts.controller.js';
import { ReceiptsService } from './receipts.service.js';

@Module({
  imports: [
    CatalogModule,
    GrocyModule,
    OpenFoodFactsModule,
    SettingsModule,
    StockModule,
    ReceiptProviderModule,
    // Uploads are held in memory and capped by MAX_UPLOAD_MB while they stream in (413 beyond it).
    MulterModule.registerAsync({ inject: [AppConfig], useFactory: (config: AppConfig) => ({ limits: uploadLimits(config.maxUploadBytes) }) }),
  ],
  controllers: [ReceiptsController, ReceiptImportController, ReceiptMappingController, ReceiptCandidatesController, ReceiptGrocyController, ReceiptCorrectionsController],
  providers: [ReceiptCorrectionsService, ReceiptGrocyService, ReceiptReconcileService, ReceiptCandidatesService, ReceiptsService, ReceiptImportService, ReceiptMappingService, ReceiptReaders, LocalReceiptReader, ReceiptDecoder, OcrEngine, ProviderSources],
  exports: [ReceiptReconcileService],
})
export class ReceiptsModule {}
