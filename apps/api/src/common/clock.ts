import { Injectable } from '@nestjs/common';

/** The service's notion of "now", injectable so tests can move time instead of waiting. */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}
