import { Module } from '@nestjs/common';
import { GrocyClient } from './grocy.client.js';

/** Grocy's HTTP client alone, shared by the settings' connection test and the connector. */
@Module({ providers: [GrocyClient], exports: [GrocyClient] })
export class GrocyClientModule {}
