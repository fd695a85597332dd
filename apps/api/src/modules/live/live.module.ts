import { Module } from '@nestjs/common';
import { EventStreams } from './event-streams.js';
import { LiveController } from './live.controller.js';
import { LiveEvents } from './live-events.js';

@Module({ controllers: [LiveController], providers: [LiveEvents, EventStreams], exports: [LiveEvents] })
export class LiveModule {}
