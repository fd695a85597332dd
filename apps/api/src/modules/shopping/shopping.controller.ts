import { Body, Controller, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { RequireScope } from '../../common/access/access.decorators.js';
import { CurrentPrincipal } from '../../common/access/current-principal.decorator.js';
import type { Principal } from '../../common/access/principal.js';
import {
  ShoppingGenerateInput,
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

  /** Changes an item or checks it off (`checked: true`); `expected_updated_at` must match. */
  @RequireScope('shopping:write')
  @Patch(':item_id')
  updateShoppingListItem(@Param('item_id') itemId: string, @Body() input: ShoppingListItemUpdateInput): Promise<ShoppingListItemResponse> {
    return this.shopping.update(itemId, input);
  }
}
