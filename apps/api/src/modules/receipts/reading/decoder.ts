import { Worker } from 'node:worker_threads';
import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { ApiException } from '../../../common/errors/api-exception.js';
import type { ErrorCode } from '../../../common/errors/error-messages.js';
import type { DecodedImage, DecodeLimits, DecodeReply, DecodeRequest } from './decode-worker.js';

export type { DecodedImage } from './decode-worker.js';

/** The thread is let go after this long without work: its WebAssembly heaps are large. */
const IDLE_MS = 60_000;

/** Compiled, the worker is a .js beside this file; under the test runner it is the .ts source (Node strips the types). */
const WORKER_FILE = new URL(import.meta.url.endsWith('.ts') ? './decode-worker.ts' : './decode-worker.js', import.meta.url);

/**
 * Renders text-less PDF pages and decodes HEIC photos in one worker thread, one file at a time,
 * started on first use and stopped when idle. Errors come back as the app's 400s.
 */
@Injectable()
export class ReceiptDecoder implements OnModuleDestroy {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (images: DecodedImage[]) => void; reject: (error: Error) => void }>();
  private idleTimer: NodeJS.Timeout | null = null;

  renderPdf(bytes: Buffer, limits: DecodeLimits): Promise<DecodedImage[]> {
    return this.run('pdf', bytes, limits);
  }

  decodeHeic(bytes: Buffer, limits: DecodeLimits): Promise<DecodedImage[]> {
    return this.run('heic', bytes, limits);
  }

  async onModuleDestroy(): Promise<void> {
    await this.stop();
  }

  private run(kind: DecodeRequest['kind'], bytes: Buffer, limits: DecodeLimits): Promise<DecodedImage[]> {
    const worker = this.started();
    const id = this.nextId++;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    return new Promise<DecodedImage[]>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      // A copy: the upload's buffer stays with the request (it is hashed and stored).
      worker.postMessage({ id, kind, bytes: new Uint8Array(bytes), limits } satisfies DecodeRequest);
    }).finally(() => {
      if (this.pending.size === 0) this.idleTimer = setTimeout(() => void this.stop(), IDLE_MS).unref();
    });
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_FILE);
    worker.unref();
    worker.on('message', (reply: DecodeReply) => {
      const job = this.pending.get(reply.id);
      if (!job) return;
      this.pending.delete(reply.id);
      if ('problem' in reply) job.reject(new ApiException(400, reply.problem as ErrorCode, reply.params));
      else job.resolve(reply.images);
    });
    // A thread that dies took its file with it (a decoder abort on malformed input): that file is unreadable.
    const fail = () => {
      if (this.worker === worker) this.worker = null;
      for (const job of this.pending.values()) job.reject(new ApiException(400, 'receipt_image_unreadable'));
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', fail);
    this.worker = worker;
    return worker;
  }

  private async stop(): Promise<void> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const worker = this.worker;
    this.worker = null;
    if (worker && this.pending.size === 0) await worker.terminate();
    else if (worker) this.worker = worker;
  }
}
