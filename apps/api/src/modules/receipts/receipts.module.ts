import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module.js';
import { ReceiptReconcileService } from './receipt-reconcile.service.js';

@Module({
  imports: [CatalogModule],
  providers: [ReceiptReconcileService],
  exports: [ReceiptReconcileService],
})
export class ReceiptsModule {}
