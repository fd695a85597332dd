import { EventEmitter } from 'node:events';
import type { Server } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QUIET_MS, settleMemoryWhenQuiet } from './settle-memory.js';

const MB = 1024 * 1024;

describe('settling memory when the server goes quiet', () => {
  let heapTotal: number;
  const gc = vi.fn();

  beforeEach(() => {
    vi.useFakeTimers();
    heapTotal = 40 * MB;
    gc.mockReset().mockImplementation(() => (heapTotal = 30 * MB));
    vi.stubGlobal('gc', gc);
    vi.spyOn(process, 'memoryUsage').mockImplementation(() => ({ rss: 0, heapTotal, heapUsed: 0, external: 0, arrayBuffers: 0 }));
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('collects once after a quiet minute, and again only after the heap grew by 4 MB', () => {
    const server = new EventEmitter();
    settleMemoryWhenQuiet(server as unknown as Server);
    vi.advanceTimersByTime(QUIET_MS / 2);
    expect(gc).not.toHaveBeenCalled();
    vi.advanceTimersByTime(QUIET_MS / 2);
    expect(gc).toHaveBeenCalledTimes(1);
    expect(gc).toHaveBeenCalledWith({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    vi.advanceTimersByTime(3 * QUIET_MS);
    expect(gc).toHaveBeenCalledTimes(1);
    heapTotal = 35 * MB;
    vi.advanceTimersByTime(3 * QUIET_MS);
    expect(gc).toHaveBeenCalledTimes(2);
  });

  it('waits while requests keep arriving', () => {
    const server = new EventEmitter();
    settleMemoryWhenQuiet(server as unknown as Server);
    for (let i = 0; i < 20; i += 1) {
      vi.advanceTimersByTime(QUIET_MS / 4);
      server.emit('request');
    }
    expect(gc).not.toHaveBeenCalled();
    vi.advanceTimersByTime(QUIET_MS);
    expect(gc).toHaveBeenCalledTimes(1);
  });

  it('does nothing when node was started without --expose-gc', () => {
    vi.stubGlobal('gc', undefined);
    const server = new EventEmitter();
    settleMemoryWhenQuiet(server as unknown as Server);
    vi.advanceTimersByTime(10_000);
    expect(server.listenerCount('request')).toBe(0);
  });
});
