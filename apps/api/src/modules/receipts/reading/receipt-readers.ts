import { Injectable } from '@nestjs/common';
import { SettingsService } from '../../settings/settings.service.js';
import { ChatCompletionsClient } from '../provider/chat-completions.client.js';
import { ProviderReceiptReader } from '../provider/provider-receipt-reader.js';
import { ProviderSources } from '../provider/provider-sources.js';
import { LocalReceiptReader } from './local-receipt-reader.js';
import type { ReceiptReader } from './receipt-reading.js';

/**
 * Which engine reads the next upload: the provider when the stored settings configure one
 * (`providerConfigured`), otherwise the local engine. Read per upload, so a saved change applies
 * to the next receipt without a restart.
 */
@Injectable()
export class ReceiptReaders {
  constructor(
    private readonly local: LocalReceiptReader,
    private readonly settings: SettingsService,
    private readonly client: ChatCompletionsClient,
    private readonly sources: ProviderSources,
  ) {}

  async current(): Promise<ReceiptReader> {
    const connection = this.settings.providerConnection(await this.settings.read());
    return connection ? new ProviderReceiptReader(connection, this.client, this.sources) : this.local;
  }
}
