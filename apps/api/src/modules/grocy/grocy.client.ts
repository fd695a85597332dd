import { Injectable, Logger } from '@nestjs/common';
import { APP_VERSION } from '@hinv/shared';
import { ApiException } from '../../common/errors/api-exception.js';
import { AppConfig } from '../../config/app-config.js';
import { AnswerTooLarge, readLimited, redactedReason } from '../../common/http/outbound-answer.js';
import { CONNECTOR_ADDRESS_REASON, CONNECTOR_ADDRESS_REFUSED, connectorDispatcher } from '../../common/http/connector-dispatcher.js';

/** The reference's timeouts: 20 s for every call, 3 s for the connection test (`system/info`). */
export const GROCY_TIMEOUT_MS = 20_000;
export const GROCY_TEST_TIMEOUT_MS = 3_000;
/** How much of Grocy's error body reaches the user (as the reference). */
/** A household's whole catalog as JSON; far beyond this is not an answer we hold in memory. */
const MAX_ANSWER_BYTES = 32 * 1024 * 1024;

/** Where Grocy is and the key it takes; `baseUrl` ends in `/api`. */
export interface GrocyConnection {
  baseUrl: string;
  apiKey: string;
}

/** A failed Grocy call as the answer the caller gets: 502 with a short reason that never holds the key. */
export class GrocyFailure extends ApiException {
  constructor(readonly reason: string) {
    super(502, 'grocy_failed', { reason });
  }
}

/** Grocy's error bodies are `{"error_message": …}` (400 and 500); anything else is shown as text. */
export function grocyErrorMessage(body: string): string {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && typeof (parsed as { error_message?: unknown }).error_message === 'string') {
      return (parsed as { error_message: string }).error_message;
    }
  } catch {
    // Not JSON (an HTML error page of a proxy): the text itself.
  }
  return body;
}

/**
 * Grocy's REST API (`{url}/api/…`) with the `GROCY-API-KEY` header. Redirects are never followed:
 * a moved Grocy is the owner's to fix, and the key must not travel to whatever host a redirect
 * names. Every failure (unreachable, timeout, a status of 300 or more, an answer that is not
 * JSON) becomes a `GrocyFailure` (502), whose reason is at most 500 characters and has the key
 * removed. Log lines carry the reason only, never the key or the address's secrets.
 */
@Injectable()
export class GrocyClient {
  private readonly logger = new Logger(GrocyClient.name);
  private readonly timeoutMs: number;
  /** Checks every DNS answer of the host name when the socket connects (see connector-dispatcher.ts); made by the first call. */
  private dispatcher: ReturnType<typeof connectorDispatcher> | undefined;
  private readonly testHosts: string | undefined;

  constructor(config: AppConfig) {
    this.testHosts = config.env.HINV_TEST_CONNECTOR_HOSTS;
    this.timeoutMs = config.env.HINV_TEST_GROCY_TIMEOUT_MS ?? GROCY_TIMEOUT_MS;
  }

  /** `GET system/info` with the short test timeout. */
  systemInfo(connection: GrocyConnection): Promise<unknown> {
    return this.call(connection, 'GET', 'system/info', undefined, Math.min(this.timeoutMs, GROCY_TEST_TIMEOUT_MS));
  }

  get(connection: GrocyConnection, path: string): Promise<unknown> {
    return this.call(connection, 'GET', path, undefined, this.timeoutMs);
  }

  post(connection: GrocyConnection, path: string, body: unknown): Promise<unknown> {
    return this.call(connection, 'POST', path, body, this.timeoutMs);
  }

  /** A list endpoint (`objects/…`, `stock`): an answer that is not an array is a failure. */
  async list(connection: GrocyConnection, path: string): Promise<Record<string, unknown>[]> {
    const answer = await this.get(connection, path);
    if (!Array.isArray(answer)) throw this.failed(connection, `${path} did not answer with a list`);
    return answer.filter((entry): entry is Record<string, unknown> => entry !== null && typeof entry === 'object' && !Array.isArray(entry));
  }

  private async call(connection: GrocyConnection, method: 'GET' | 'POST', path: string, body: unknown, timeoutMs: number): Promise<unknown> {
    const dispatcher = await (this.dispatcher ??= connectorDispatcher(this.testHosts));
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${connection.baseUrl}/${path}`, {
        method,
        headers: {
          accept: 'application/json',
          'user-agent': `HouseholdInventory/${APP_VERSION}`,
          'GROCY-API-KEY': connection.apiKey,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
        // Node's fetch takes an undici dispatcher; its own RequestInit type does not list it.
        ...({ dispatcher } as RequestInit),
      });
      text = await readLimited(response, MAX_ANSWER_BYTES);
    } catch (error) {
      if (error instanceof AnswerTooLarge) throw this.failed(connection, `the answer is larger than ${MAX_ANSWER_BYTES / 1024 / 1024} MB`);
      if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
        throw this.failed(connection, `no answer within ${Math.round(timeoutMs / 100) / 10} s`);
      }
      const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
      if (cause?.code === CONNECTOR_ADDRESS_REFUSED) throw this.failed(connection, CONNECTOR_ADDRESS_REASON);
      const code = typeof cause?.code === 'string' ? ` (${cause.code})` : '';
      throw this.failed(connection, `not reachable${code}`);
    }
    if (response.status >= 300 && response.status < 400) {
      throw this.failed(connection, `answered with a redirect (${response.status}); redirects are not followed, check the address`);
    }
    if (response.status === 401) throw this.failed(connection, 'refused the API key (401); check the key in Grocy under "Manage API keys"');
    if (!response.ok) {
      const message = grocyErrorMessage(text).trim();
      throw this.failed(connection, message ? `answered ${response.status}: ${message}` : `answered ${response.status}`);
    }
    if (text.trim() === '') return null;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw this.failed(connection, 'the answer is not JSON; is this the Grocy address?');
    }
  }

  private failed(connection: GrocyConnection, reason: string): GrocyFailure {
    const safe = redactedReason(reason, connection.apiKey);
    this.logger.warn({ message: 'grocy call failed', reason: safe });
    return new GrocyFailure(safe);
  }
}
