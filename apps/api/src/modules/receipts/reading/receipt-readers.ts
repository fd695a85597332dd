import { Injectable } from '@nestjs/common';
import { LocalReceiptReader } from './local-receipt-reader.js';
import type { ReceiptReader } from './receipt-reading.js';

/** Which engine reads the next upload. */
@Injectable()
export class ReceiptReaders {
  constructor(private readonly local: LocalReceiptReader) {}

  async current(): Promise<ReceiptReader> {
    return this.local;
  }
}
