import { Global, Module, type DynamicModule } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { AppConfig } from './app-config.js';

/** Makes the boot-time configuration and the clock injectable everywhere. */
@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: ConfigModule,
      providers: [{ provide: AppConfig, useValue: config }, { provide: Clock, useValue: new Clock(config.env.HINV_TEST_CLOCK_FILE) }],
      exports: [AppConfig, Clock],
    };
  }
}
