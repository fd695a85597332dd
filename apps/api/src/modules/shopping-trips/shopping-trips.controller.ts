import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiResponse, ApiTags } from '@nestjs/swagger';
import { RequireScope } from '../../common/access/access.decorators.js';
import { CurrentPrincipal } from '../../common/access/current-principal.decorator.js';
import type { Principal } from '../../common/access/principal.js';
import { ErrorResponse } from '../../common/errors/error-response.dto.js';
import {
  ShoppingCurrentTripResponse,
  ShoppingStoresResponse,
  ShoppingTripResponse,
  ShoppingTripStartInput,
  StoreOrderResponse,
  StorePlacementInput,
} from './dto/shopping-trips.dto.js';
import { ShoppingTripsService } from './shopping-trips.service.js';

@ApiTags('Shopping trips')
@Controller('api/v1')
export class ShoppingTripsController {
  constructor(private readonly trips: ShoppingTripsService) {}

  /** Stores to start a trip at: those of earlier trips, then those known from receipts. */
  @RequireScope('shopping:read')
  @Get('shopping-stores')
  listShoppingStores(): Promise<ShoppingStoresResponse> {
    return this.trips.stores();
  }

  /** The store's walking order, learned from the check-off order of earlier trips there. */
  @RequireScope('shopping:read')
  @ApiResponse({ status: 404, description: 'The store is unknown', type: ErrorResponse })
  @Get('shopping-stores/:store_id/order')
  getStoreOrder(@Param('store_id') storeId: string): Promise<StoreOrderResponse> {
    return this.trips.order(storeId);
  }

  /** Puts a product or a product group in its place at the store, remembered for later trips. */
  @RequireScope('shopping:write')
  @ApiResponse({ status: 404, description: 'The store, product or product group is unknown', type: ErrorResponse })
  @Put('shopping-stores/:store_id/placements')
  placeInStoreOrder(@CurrentPrincipal() principal: Principal, @Param('store_id') storeId: string, @Body() input: StorePlacementInput): Promise<StoreOrderResponse> {
    return this.trips.place(principal, storeId, input);
  }

  /** Forgets the places set by hand at the store. */
  @RequireScope('shopping:write')
  @ApiResponse({ status: 404, description: 'The store is unknown', type: ErrorResponse })
  @Delete('shopping-stores/:store_id/placements')
  resetStorePlacements(@Param('store_id') storeId: string): Promise<StoreOrderResponse> {
    return this.trips.resetPlacements(storeId);
  }

  /** The caller's trip that is still going (null when there is none). */
  @RequireScope('shopping:read')
  @Get('shopping-trips/current')
  getCurrentShoppingTrip(@CurrentPrincipal() principal: Principal): Promise<ShoppingCurrentTripResponse> {
    return this.trips.current(principal);
  }

  /** Starts a trip at a store (a new name makes a new store); the caller's running trip ends. */
  @RequireScope('shopping:write')
  @Post('shopping-trips')
  @HttpCode(201)
  startShoppingTrip(@CurrentPrincipal() principal: Principal, @Body() input: ShoppingTripStartInput): Promise<ShoppingTripResponse> {
    return this.trips.start(principal, input);
  }

  /** "Done": ends the trip. */
  @RequireScope('shopping:write')
  @ApiResponse({ status: 404, description: 'The trip is unknown', type: ErrorResponse })
  @Post('shopping-trips/:trip_id/end')
  @HttpCode(200)
  endShoppingTrip(@CurrentPrincipal() principal: Principal, @Param('trip_id') tripId: string): Promise<ShoppingTripResponse> {
    return this.trips.end(principal, tripId);
  }
}
