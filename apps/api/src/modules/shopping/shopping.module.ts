import { Module } from '@nestjs/common';
import { LiveModule } from '../live/live.module.js';
import { ShoppingTripsModule } from '../shopping-trips/shopping-trips.module.js';
import { ShoppingController } from './shopping.controller.js';
import { ShoppingService } from './shopping.service.js';

@Module({ imports: [LiveModule, ShoppingTripsModule], controllers: [ShoppingController], providers: [ShoppingService], exports: [ShoppingService] })
export class ShoppingModule {}
