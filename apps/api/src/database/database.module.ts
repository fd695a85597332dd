import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../config/app-config.js';
import { Database } from './database.js';
import { dataSourceOptions } from './data-source-options.js';

/** The SQLite database in DATA_DIR; committed migrations are applied before the server listens. */
@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({ ...dataSourceOptions(config.databaseFile), migrationsRun: true }),
    }),
  ],
  providers: [Database],
  exports: [Database],
})
export class DatabaseModule {}
