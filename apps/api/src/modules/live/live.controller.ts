import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { SessionOnly } from '../../common/access/access.decorators.js';
import { CurrentPrincipal } from '../../common/access/current-principal.decorator.js';
import type { Principal } from '../../common/access/principal.js';
import { EventStreams } from './event-streams.js';
import { LiveEvents } from './live-events.js';

@ApiTags('Live updates')
@Controller('api/v1/events')
export class LiveController {
  constructor(
    private readonly streams: EventStreams,
    private readonly live: LiveEvents,
  ) {}

  /**
   * A server-sent-events stream of the household's changes, for signed-in browsers only (API
   * tokens are refused). It says what changed, never the content: `event: change` with
   * `{"topic": "shopping" | "trip" | "store-order", "id", "version"}`; the browser asks the API
   * for what it shows. `event: ready` opens the stream; a comment line every 25 seconds keeps it
   * open. One browser session holds at most 4 streams (a fifth closes the oldest).
   */
  @SessionOnly()
  @Get()
  @ApiProduces('text/event-stream')
  @ApiOkResponse({ description: 'The event stream', content: { 'text/event-stream': { schema: { type: 'string' } } } })
  streamEvents(@CurrentPrincipal() principal: Principal, @Req() request: Request, @Res() response: Response): void {
    this.streams.open(principal, request, response, this.live.latest);
  }
}
