import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { isLogLevelEnabled, JsonLogger, type LogLevel } from './json-logger.js';

function capture(level: LogLevel) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: new JsonLogger(level, sink), lines };
}

describe('JsonLogger', () => {
  it('writes one JSON object per line with level, time, context and message', () => {
    const { logger, lines } = capture('log');
    logger.log('listening on port 8080', 'Main');
    expect(lines).toEqual([{ level: 'info', time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), context: 'Main', message: 'listening on port 8080' }]);
  });

  it('spreads a structured message into the line', () => {
    const { logger, lines } = capture('debug');
    logger.debug({ message: 'request', route: '/api/v1/status', status: 401 }, 'Http');
    expect(lines[0]).toMatchObject({ level: 'debug', context: 'Http', message: 'request', route: '/api/v1/status', status: 401 });
  });

  it('keeps the stack Nest passes before the context of an error', () => {
    const { logger, lines } = capture('log');
    logger.error('boom', 'Error: boom\n    at x', 'ExceptionsHandler');
    expect(lines[0]).toMatchObject({ level: 'error', context: 'ExceptionsHandler', message: 'boom', stack: 'Error: boom\n    at x' });
  });

  it('writes nothing below the configured level', () => {
    const { logger, lines } = capture('warn');
    logger.log('ignored');
    logger.debug({ message: 'request' });
    logger.verbose('ignored');
    logger.warn('kept');
    expect(lines.map((line) => line.message)).toEqual(['kept']);
  });

  it('knows which levels a configured level lets through', () => {
    expect(isLogLevelEnabled('log', 'debug')).toBe(false);
    expect(isLogLevelEnabled('debug', 'debug')).toBe(true);
    expect(isLogLevelEnabled('verbose', 'debug')).toBe(true);
    expect(isLogLevelEnabled('fatal', 'error')).toBe(false);
  });
});
