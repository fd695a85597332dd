import { Module } from '@nestjs/common';
import { LiveModule } from '../live/live.module.js';
import { ShoppingTripsController } from './shopping-trips.controller.js';
import { ShoppingTripsService } from './shopping-trips.service.js';

@Module({ imports: [LiveModule], controllers: [ShoppingTripsController], providers: [ShoppingTripsService], exports: [ShoppingTripsService] })
export class ShoppingTripsModule {}
