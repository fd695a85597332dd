import { Module, type DynamicModule } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { AccessModule } from './common/access/access.module.js';
import { ServerPidFile } from './common/backup/server-pid-file.js';
import type { AppConfig } from './config/app-config.js';
import { ConfigModule } from './config/config.module.js';
import { DatabaseModule } from './database/database.module.js';
import { ApiTokensModule } from './modules/api-tokens/api-tokens.module.js';
import { AuditModule } from './modules/audit/audit.module.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { CatalogModule } from './modules/catalog/catalog.module.js';
import { ExperienceModule } from './modules/experience/experience.module.js';
import { GrocyModule } from './modules/grocy/grocy.module.js';
import { HealthModule } from './modules/health/health.module.js';
import { LiveModule } from './modules/live/live.module.js';
import { MembersModule } from './modules/members/members.module.js';
import { NotificationsModule } from './modules/notifications/notifications.module.js';
import { PricesModule } from './modules/prices/prices.module.js';
import { PrivacyModule } from './modules/privacy/privacy.module.js';
import { BudgetModule } from './modules/budget/budget.module.js';
import { ScansModule } from './modules/scans/scans.module.js';
import { SettingsModule } from './modules/settings/settings.module.js';
import { ShoppingModule } from './modules/shopping/shopping.module.js';
import { StatusModule } from './modules/status/status.module.js';
import { StockModule } from './modules/stock/stock.module.js';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      providers: [ServerPidFile],
      imports: [
        ConfigModule.forRoot(config),
        // One scheduler for the notification checks and the receipt-file retention.
        ScheduleModule.forRoot(),
        DatabaseModule,
        AccessModule,
        AuditModule,
        AuthModule,
        ApiTokensModule,
        MembersModule,
        CatalogModule,
        StockModule,
        ShoppingModule,
        LiveModule,
        ScansModule,
        PricesModule,
        BudgetModule,
        NotificationsModule,
        HealthModule,
        SettingsModule,
        GrocyModule,
        StatusModule,
        ExperienceModule,
        PrivacyModule,
      ],
    };
  }
}
