import { Logger } from '@nestjs/common';
import type { ReceiptSourceType } from '../receipt-source.js';
import type { ReceiptReader, ReceiptReading } from '../reading/receipt-reading.js';
import { ChatCompletionsClient, ProviderFailure } from './chat-completions.client.js';
import { MalformedAnswer, RECEIPT_SYSTEM_PROMPT, readProviderAnswer } from './provider-answer.js';
import { providerAnalysisVersion, type ProviderConnection } from './provider-connection.js';
import type { ProviderSources } from './provider-sources.js';

/**
 * Reads receipts with the provider the owner configured instead of the local parser: the file
 * (text layer or images) goes out in one chat completion, the JSON that comes back is checked.
 * One instance per analysis, made by `ReceiptReaders` from the settings of that moment.
 */
export class ProviderReceiptReader implements ReceiptReader {
  private readonly logger = new Logger(ProviderReceiptReader.name);
  readonly analysisVersion: string;

  constructor(
    private readonly connection: ProviderConnection,
    private readonly client: ChatCompletionsClient,
    private readonly sources: ProviderSources,
  ) {
    this.analysisVersion = providerAnalysisVersion(connection);
  }

  async read(bytes: Buffer, type: ReceiptSourceType): Promise<ReceiptReading> {
    const content = await this.sources.content(bytes, type);
    const answer = await this.client.complete(this.connection, [
      { role: 'system', content: RECEIPT_SYSTEM_PROMPT },
      { role: 'user', content },
    ]);
    try {
      return readProviderAnswer(answer);
    } catch (error) {
      if (!(error instanceof MalformedAnswer)) throw error;
      // The reason is our own wording of what is missing, never the model's text.
      this.logger.warn({ message: 'receipt provider answer refused', provider: this.connection.type, reason: error.message });
      throw new ProviderFailure({ kind: 'malformed', what: 'not_a_receipt' });
    }
  }
}
