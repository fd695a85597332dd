import { Injectable, Logger } from '@nestjs/common';
import { APP_VERSION } from '@hinv/shared';
import { ApiException } from '../../../common/errors/api-exception.js';
import { AppConfig } from '../../../config/app-config.js';
import type { ProviderConnection } from './provider-connection.js';
import { AnswerTooLarge, readLimited } from '../../../common/http/outbound-answer.js';
import { providerProblemText, type ProviderProblem } from './provider-problem.js';
import { CONNECTOR_ADDRESS_REFUSED, connectorDispatcher } from '../../../common/http/connector-dispatcher.js';

/** The reference's provider timeout for reading a receipt. */
export const PROVIDER_TIMEOUT_MS = 120_000;
/** A connection test asks for the model list only; a server that needs longer for that is not usable. */
export const PROVIDER_TEST_TIMEOUT_MS = 15_000;
/** A receipt's JSON is a few kilobytes; anything far beyond that is not an answer we can use. */
export const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

/** OpenAI's chat message parts that we send. */
export type ChatContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };
export interface ChatMessage {
  role: 'system' | 'user';
  content: string | ChatContentPart[];
}

/** A failed provider call as the answer the caller gets: 502 saying what happened, never what the provider sent. */
export class ProviderFailure extends ApiException {
  constructor(readonly problem: ProviderProblem) {
    super(502, 'receipt_provider_failed', { reason: providerProblemText(problem) });
  }
}

/** The text of the first choice: a string, or the text parts some servers answer with. */
export function completionText(answer: unknown): string | null {
  if (!answer || typeof answer !== 'object') return null;
  const choices = (answer as { choices?: unknown }).choices;
  if (!Array.isArray(choices) || choices.length === 0) return null;
  const message = (choices[0] as { message?: { content?: unknown } } | null)?.message;
  const content = message?.content;
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    const texts = content.flatMap((part: unknown) => (part && typeof part === 'object' && typeof (part as { text?: unknown }).text === 'string' ? [(part as { text: string }).text] : []));
    return texts.length > 0 ? texts.join('') : null;
  }
  return null;
}

/**
 * The OpenAI chat-completions wire format, which OpenAI, OpenRouter, cortecs, Ollama (`/v1`),
 * llama.cpp, vLLM and Anthropic's compatibility endpoint all speak. Redirects are never followed
 * (a base URL that moved is the owner's to change, and the key must not travel to another host);
 * every failure becomes a `ProviderFailure` (502) that names the status, the timeout or what is
 * malformed, and never carries the provider's answer body (nor the key it may echo).
 */
@Injectable()
export class ChatCompletionsClient {
  private readonly logger = new Logger(ChatCompletionsClient.name);
  private readonly timeoutMs: number;
  /** Checks every DNS answer of the host name when the socket connects (see connector-dispatcher.ts); made by the first call. */
  private dispatcher: ReturnType<typeof connectorDispatcher> | undefined;
  private readonly testHosts: string | undefined;
  private readonly testTimeoutMs: number;

  constructor(config: AppConfig) {
    this.testHosts = config.env.HINV_TEST_CONNECTOR_HOSTS;
    const override = config.env.HINV_TEST_PROVIDER_TIMEOUT_MS;
    this.timeoutMs = override ?? PROVIDER_TIMEOUT_MS;
    this.testTimeoutMs = Math.min(override ?? PROVIDER_TEST_TIMEOUT_MS, PROVIDER_TEST_TIMEOUT_MS);
  }

  /** One chat completion asking for a JSON object; answers the model's text. */
  async complete(connection: ProviderConnection, messages: ChatMessage[]): Promise<string> {
    // No temperature or token limit: newer OpenAI models refuse values other than their own.
    const body: Record<string, unknown> = { model: connection.model, messages, response_format: { type: 'json_object' } };
    // Anthropic's compatibility layer ignores response_format and needs a ceiling for the answer.
    if (connection.type === 'anthropic') body.max_tokens = 8192;
    const answer = await this.call(connection, 'POST', '/chat/completions', body, this.timeoutMs);
    const text = completionText(answer);
    if (text === null) throw this.failed(connection, { kind: 'malformed', what: 'no_message' });
    return text;
  }

  /**
   * The model ids the server lists (`GET {base_url}/models`): reachable, key accepted. It costs no
   * tokens and does not load a model into memory, which on Ollama may take minutes.
   */
  async listModels(connection: ProviderConnection): Promise<string[]> {
    const answer = await this.call(connection, 'GET', '/models', undefined, this.testTimeoutMs);
    const data = answer && typeof answer === 'object' ? (answer as { data?: unknown }).data : undefined;
    if (!Array.isArray(data)) throw this.failed(connection, { kind: 'malformed', what: 'no_model_list' });
    return data.flatMap((model: unknown) => (model && typeof model === 'object' && typeof (model as { id?: unknown }).id === 'string' ? [(model as { id: string }).id] : []));
  }

  private headers(connection: ProviderConnection): Record<string, string> {
    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': `HouseholdInventory/${APP_VERSION}` };
    if (connection.apiKey) {
      headers.authorization = `Bearer ${connection.apiKey}`;
      // Anthropic's own endpoints (its model list) take the key in their header.
      if (connection.type === 'anthropic') Object.assign(headers, { 'x-api-key': connection.apiKey, 'anthropic-version': '2023-06-01' });
    }
    return headers;
  }

  private async call(connection: ProviderConnection, method: 'GET' | 'POST', path: string, body: unknown, timeoutMs: number): Promise<unknown> {
    const dispatcher = await (this.dispatcher ??= connectorDispatcher(this.testHosts));
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${connection.baseUrl}${path}`, {
        method,
        headers: { ...this.headers(connection), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
        // Node's fetch takes an undici dispatcher; its own RequestInit type does not list it.
        ...({ dispatcher } as RequestInit),
      });
      text = await readLimited(response, MAX_ANSWER_BYTES);
    } catch (error) {
      if (error instanceof ProviderFailure) throw error;
      if (error instanceof AnswerTooLarge) throw this.failed(connection, { kind: 'too_large', megabytes: MAX_ANSWER_BYTES / 1024 / 1024 });
      if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
        throw this.failed(connection, { kind: 'timeout', seconds: Math.round(timeoutMs / 100) / 10 });
      }
      const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
      if (cause?.code === CONNECTOR_ADDRESS_REFUSED) throw this.failed(connection, { kind: 'refused_address' });
      // A system error code (ECONNREFUSED, ENOTFOUND) is ours, not the provider's words.
      const code = typeof cause?.code === 'string' && /^[A-Z0-9_]{2,40}$/.test(cause.code) ? cause.code : null;
      throw this.failed(connection, { kind: 'unreachable', code });
    }
    if (response.status >= 300 && response.status < 400) throw this.failed(connection, { kind: 'redirect', status: response.status });
    // The body of a refusal stays unread beyond the limit above and is never quoted.
    if (!response.ok) throw this.failed(connection, { kind: 'status', status: response.status });
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw this.failed(connection, { kind: 'malformed', what: 'not_json' });
    }
  }

  private failed(connection: ProviderConnection, problem: ProviderProblem): ProviderFailure {
    this.logger.warn({ message: 'receipt provider call failed', provider: connection.type, reason: providerProblemText(problem).en });
    return new ProviderFailure(problem);
  }
}
