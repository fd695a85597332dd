import { Module } from '@nestjs/common';
import { ChatCompletionsClient } from './chat-completions.client.js';

/** The provider's HTTP client, shared by receipt analysis and the settings' connection test. */
@Module({ providers: [ChatCompletionsClient], exports: [ChatCompletionsClient] })
export class ReceiptProviderModule {}
