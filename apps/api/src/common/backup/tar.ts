import { Writable, type Readable } from 'node:stream';

/**
 * The small part of the POSIX tar (ustar) format a backup needs: regular files only, written and
 * read as streams, so `tar -xzf` and `sha256sum -c` work on an archive without this program.
 * Names longer than 100 bytes use the ustar prefix field; anything else (links, devices, pax
 * headers) is refused when reading.
 */

const BLOCK = 512;
const END = Buffer.alloc(BLOCK * 2);

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

function splitName(name: string): { prefix: string; base: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: '', base: name };
  for (let index = name.indexOf('/'); index !== -1; index = name.indexOf('/', index + 1)) {
    const prefix = name.slice(0, index);
    const base = name.slice(index + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(base) <= 100) return { prefix, base };
  }
  throw new Error(`file name too long for the archive: ${name}`);
}

/** The 512-byte ustar header of a regular file. */
export function tarHeader(name: string, size: number, mtime: Date, mode = 0o600): Buffer {
  const header = Buffer.alloc(BLOCK);
  const { prefix, base } = splitName(name);
  header.write(base, 0, 100, 'utf8');
  header.write(octal(mode, 8), 100, 'ascii');
  header.write(octal(0, 8), 108, 'ascii');
  header.write(octal(0, 8), 116, 'ascii');
  header.write(octal(size, 12), 124, 'ascii');
  header.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  header.write('        ', 148, 'ascii');
  header.write('0', 156, 'ascii');
  header.write('ustar\0', 257, 'ascii');
  header.write('00', 263, 'ascii');
  header.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return header;
}

export function tarPadding(size: number): Buffer {
  const rest = size % BLOCK;
  return rest === 0 ? Buffer.alloc(0) : Buffer.alloc(BLOCK - rest);
}

export function tarEnd(): Buffer {
  return END;
}

export interface TarEntry {
  name: string;
  size: number;
}

function readString(block: Buffer, start: number, length: number): string {
  const raw = block.subarray(start, start + length);
  const zero = raw.indexOf(0);
  return raw.subarray(0, zero === -1 ? raw.length : zero).toString('utf8');
}

function readOctal(block: Buffer, start: number, length: number): number {
  const text = readString(block, start, length).trim();
  if (!/^[0-7]+$/.test(text)) throw new Error('damaged archive: a header field is not a number');
  return parseInt(text, 8);
}

/**
 * Reads a tar stream entry by entry. `onEntry` receives each regular file's name and size and
 * returns a sink for its bytes; `onData`/`onEnd` are called with them. Throws (rejects) on a
 * damaged header, a wrong checksum, a type other than a regular file, or a stream that ends early.
 */
export async function readTar(
  source: Readable,
  handlers: { onEntry: (entry: TarEntry) => void | Promise<void>; onData: (chunk: Buffer) => void | Promise<void>; onEnd: () => void | Promise<void> },
): Promise<void> {
  let buffer: Buffer = Buffer.alloc(0);
  let remaining = 0;
  let padding = 0;
  let inEntry = false;
  let ended = false;

  const consume = async (): Promise<void> => {
    for (;;) {
      if (ended) return;
      if (inEntry) {
        if (remaining > 0) {
          if (buffer.length === 0) return;
          const take = Math.min(remaining, buffer.length);
          await handlers.onData(buffer.subarray(0, take));
          buffer = buffer.subarray(take);
          remaining -= take;
          if (remaining > 0) return;
        }
        if (buffer.length < padding) return;
        buffer = buffer.subarray(padding);
        inEntry = false;
        await handlers.onEnd();
        continue;
      }
      if (buffer.length < BLOCK) return;
      const block = buffer.subarray(0, BLOCK);
      buffer = buffer.subarray(BLOCK);
      if (block.every((byte) => byte === 0)) {
        ended = true;
        return;
      }
      const stored = readOctal(block, 148, 8);
      let sum = 0;
      for (let index = 0; index < BLOCK; index += 1) sum += index >= 148 && index < 156 ? 32 : block[index];
      if (sum !== stored) throw new Error('damaged archive: a header checksum does not match');
      const type = String.fromCharCode(block[156]);
      if (type !== '0' && block[156] !== 0) throw new Error('the archive holds something other than regular files');
      const base = readString(block, 0, 100);
      const prefix = readString(block, 345, 155);
      const size = readOctal(block, 124, 12);
      await handlers.onEntry({ name: prefix ? `${prefix}/${base}` : base, size });
      inEntry = true;
      remaining = size;
      padding = size % BLOCK === 0 ? 0 : BLOCK - (size % BLOCK);
    }
  };

  await new Promise<void>((resolvePromise, reject) => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
        consume().then(() => callback(), callback);
      },
      final(callback) {
        if (!ended) callback(new Error('the archive ends early (incomplete or damaged)'));
        else callback();
      },
    });
    source.once('error', reject);
    sink.once('error', reject);
    sink.once('finish', () => resolvePromise());
    source.pipe(sink);
  });
}
