import { Body, Controller, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiResponse, ApiTags } from '@nestjs/swagger';
import { RequireScope } from '../../common/access/access.decorators.js';
import { CurrentPrincipal } from '../../common/access/current-principal.decorator.js';
import type { Principal } from '../../common/access/principal.js';
import { ErrorResponse } from '../../common/errors/error-response.dto.js';
import {
  ShoppingGenerateInput,
  ShoppingListItemCreateInput,
  ShoppingGenerationResponse,
  ShoppingListItemResponse,
  ShoppingListItemUpdateInput,
  ShoppingLowStockResponse,
} from './dto/shopping.dto.js';
import { ShoppingService } from './shopping.service.js';

@ApiTags('Shopping list')
@Controller('api/v1/shopping-list')
export class ShoppingController {
  constructor(private readonly shopping: ShoppingService) {}

  /** Open (unchecked) items, most recently changed first. */
  @RequireScope('shopping:read')
  @Get()
  getShoppingList(): Promise<ShoppingListItemResponse[]> {
    return this.shopping.list();
  }

  /** Refill proposals: products at or below their minimum, up to their target. Changes nothing. */
  @RequireScope('shopping:read')
  @Get('low-stock')
  getShoppingLowStock(): Promise<ShoppingLowStockResponse> {
    return this.shopping.lowStock();
  }

  /** Puts the chosen proposals on the list; never lowers a quantity somebody asked for. */
  @RequireScope('shopping:write')
  @Post('generate')
  @HttpCode(200)
  generateShoppingList(@CurrentPrincipal() principal: Principal, @Body() input: ShoppingGenerateInput): Promise<ShoppingGenerationResponse> {
    return this.shopping.generate(principal, input);
  }

  /**
   * Puts one product on the list (an open item of the product gets the quantity added); a retry
   * with the same `client_mutation_id` returns the first answer.
   */
  @RequireScope('shopping:write')
  @ApiResponse({ status: 404, description: 'The product is unknown or archived', type: ErrorResponse })
  @ApiResponse({ status: 409, description: 'The key was used for another shopping list change', type: ErrorResponse })
  @Post()
  @HttpCode(200)
  addShoppingListItem(@CurrentPrincipal() principal: Principal, @Body() input: ShoppingListItemCreateInput): Promise<ShoppingListItemResponse> {
    return this.shopping.add(principal, input);
  }

  /**
   * Changes an item or checks it off (`checked: true`); `expected_updated_at` must match. With a
   * `client_mutation_id`, a retry returns the first answer.
   */
  @RequireScope('shopping:write')
  @ApiResponse({ status: 404, description: 'The item is unknown', type: ErrorResponse })
  @ApiResponse({ status: 409, description: 'The item changed since `expected_updated_at`, or the key was used for another change', type: ErrorResponse })
  @Patch(':item_id')
  updateShoppingListItem(@CurrentPrincipal() principal: Principal, @Param('item_id') itemId: string, @Body() input: ShoppingListItemUpdateInput): Promise<ShoppingListItemResponse> {
    return this.shopping.update(principal, itemId, input);
  }
}
