import type { LoggerService } from '@nestjs/common';
import { pino, type Logger as Pino } from 'pino';

/** Nest's level names, most severe first, as `LOG_LEVEL` accepts them. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const PINO_LEVEL: Record<LogLevel, pino.Level> = { fatal: 'fatal', error: 'error', warn: 'warn', log: 'info', debug: 'debug', verbose: 'trace' };

/** Whether `level` is written when the service runs with `LOG_LEVEL=configured`. */
export function isLogLevelEnabled(configured: LogLevel, level: LogLevel): boolean {
  return LOG_LEVELS.indexOf(level) <= LOG_LEVELS.indexOf(configured);
}

/**
 * The service's logger: one JSON object per line on stdout, written asynchronously by pino so a
 * log line never holds a request up (the buffer is flushed when the process exits).
 * A line reads `{"level":"info","time":"…","context":"Http","message":"…", …fields}`: a
 * structured message (an object with a `message` field) is spread into the line.
 */
export class JsonLogger implements LoggerService {
  private readonly pino: Pino;

  constructor(level: LogLevel, destination: pino.DestinationStream = pino.destination({ dest: 1, sync: false })) {
    this.pino = pino(
      {
        level: PINO_LEVEL[level],
        messageKey: 'message',
        base: undefined,
        timestamp: pino.stdTimeFunctions.isoTime,
        formatters: { level: (label) => ({ level: label }) },
      },
      destination,
    );
  }

  fatal(message: unknown, ...rest: unknown[]): void {
    this.write('fatal', message, rest);
  }

  error(message: unknown, ...rest: unknown[]): void {
    this.write('error', message, rest);
  }

  warn(message: unknown, ...rest: unknown[]): void {
    this.write('warn', message, rest);
  }

  log(message: unknown, ...rest: unknown[]): void {
    this.write('info', message, rest);
  }

  debug(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }

  verbose(message: unknown, ...rest: unknown[]): void {
    this.write('trace', message, rest);
  }

  /** Nest passes the context (the logger's name) last; `error` may pass a stack before it. */
  private write(level: pino.Level, message: unknown, rest: unknown[]): void {
    if (!this.pino.isLevelEnabled(level)) return;
    const context = typeof rest.at(-1) === 'string' ? (rest.at(-1) as string) : undefined;
    const stack = rest.length > 1 && typeof rest[0] === 'string' ? rest[0] : undefined;
    if (message !== null && typeof message === 'object' && !(message instanceof Error)) {
      this.pino[level]({ context, ...(message as Record<string, unknown>), ...(stack ? { stack } : {}) });
    } else if (message instanceof Error) {
      this.pino[level]({ context, stack: message.stack }, message.message);
    } else {
      this.pino[level]({ context, ...(stack ? { stack } : {}) }, String(message));
    }
  }
}
