import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { ErasureService } from './erasure.service.js';
import { ExportService } from './export.service.js';
import { OperationsService } from './operations.service.js';
import { OperationsController, PrivacyController } from './privacy.controller.js';
import { RetentionService } from './retention.service.js';

@Module({
  imports: [AuthModule, SettingsModule],
  controllers: [PrivacyController, OperationsController],
  providers: [ExportService, RetentionService, OperationsService, ErasureService],
})
export class PrivacyModule {}
