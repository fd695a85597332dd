import { Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import type { Request, Response } from 'express';
import { CredentialResolver } from '../../common/access/credential-resolver.js';
import type { Principal } from '../../common/access/principal.js';
import { LiveEvents, type NumberedChange } from './live-events.js';

/** A comment line this often keeps proxies from closing an idle stream and re-checks the session. */
export const HEARTBEAT_MS = 25_000;
/** Streams one session may hold; a further one closes its oldest (a reloaded tab's left-over). */
export const STREAMS_PER_SESSION = 4;
/** Streams in all: beyond it the oldest closes, so streams never pile up without bound. */
export const STREAMS_TOTAL = 256;
/** A stream whose reader lags this far behind is closed; the browser reconnects and refetches. */
const MAX_BUFFERED_BYTES = 64 * 1024;

interface Stream {
  sessionId: string;
  response: Response;
  request: Request;
}

/**
 * The open server-sent-event streams. Each one costs a socket and a few hundred bytes; it holds
 * no database connection, no write slot and no request-body budget, so open streams starve
 * nothing else. They close on shutdown (so the server can stop), on sign-out (the heartbeat's
 * session check) and when a reader falls too far behind.
 */
@Injectable()
export class EventStreams implements BeforeApplicationShutdown {
  private readonly logger = new Logger(EventStreams.name);
  /** In opening order: the first one is the oldest. */
  private readonly streams = new Set<Stream>();
  private heartbeat?: NodeJS.Timeout;
  private readonly unsubscribe: () => void;

  constructor(
    live: LiveEvents,
    private readonly credentials: CredentialResolver,
  ) {
    this.unsubscribe = live.subscribe((change) => this.broadcast(change));
  }

  get size(): number {
    return this.streams.size;
  }

  open(principal: Principal, request: Request, response: Response, latest: number): void {
    const sessionId = principal.sessionId ?? principal.userId;
    const mine = [...this.streams].filter((stream) => stream.sessionId === sessionId);
    if (mine.length >= STREAMS_PER_SESSION) this.close(mine[0]);
    if (this.streams.size >= STREAMS_TOTAL) this.close(this.streams.values().next().value as Stream);

    response.status(200);
    response.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    response.setHeader('Cache-Control', 'no-store, no-transform');
    // Reverse proxies (nginx) must pass every event on at once.
    response.setHeader('X-Accel-Buffering', 'no');
    response.flushHeaders();
    request.socket.setNoDelay(true);
    // The client reconnects with its own back-off; `retry` is the browser's own fallback.
    response.write(`retry: 5000\nevent: ready\ndata: ${JSON.stringify({ sequence: latest })}\n\n`);

    const stream: Stream = { sessionId, response, request };
    this.streams.add(stream);
    response.on('close', () => this.streams.delete(stream));
    this.heartbeat ??= setInterval(() => void this.beat(), HEARTBEAT_MS).unref();
  }

  private broadcast(change: NumberedChange): void {
    if (this.streams.size === 0) return;
    const frame = `id: ${change.sequence}\nevent: change\ndata: ${JSON.stringify({ topic: change.topic, id: change.id, version: change.version })}\n\n`;
    for (const stream of this.streams) this.send(stream, frame);
  }

  private send(stream: Stream, frame: string): void {
    if (stream.response.writableLength > MAX_BUFFERED_BYTES) {
      this.close(stream);
      return;
    }
    stream.response.write(frame);
  }

  /** Keeps the streams open through idle proxies, and ends the ones whose session is gone. */
  private async beat(): Promise<void> {
    if (this.streams.size === 0) {
      clearInterval(this.heartbeat);
      this.heartbeat = undefined;
      return;
    }
    for (const stream of [...this.streams]) {
      const result = await this.credentials.resolve(stream.request).catch(() => null);
      if (result?.outcome !== 'valid' || result.principal.kind !== 'session') this.close(stream);
      else this.send(stream, ': keep-alive\n\n');
    }
  }

  private close(stream: Stream): void {
    this.streams.delete(stream);
    stream.response.end();
  }

  beforeApplicationShutdown(): void {
    clearInterval(this.heartbeat);
    this.unsubscribe();
    if (this.streams.size > 0) this.logger.log(`Closing ${this.streams.size} event streams for shutdown`);
    for (const stream of [...this.streams]) this.close(stream);
  }
}
