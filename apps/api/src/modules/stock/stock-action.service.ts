import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { v7 as timeOrderedId } from 'uuid';
import type { Principal } from '../../common/access/principal.js';
import { calendarDay, Clock } from '../../common/clock.js';
import { ApiException } from '../../common/errors/api-exception.js';
import { RequestValidationException } from '../../common/errors/validation.js';
import { ISSUE_TEXTS } from '../../common/errors/validation-messages.js';
import { AppConfig } from '../../config/app-config.js';
import { Database } from '../../database/database.js';
import { MasterDataService } from '../catalog/master-data/master-data.service.js';
import { ProductEntity } from '../catalog/product.entity.js';
import { VariantEntity } from '../catalog/variant.entity.js';
import type { StockActionCreateInput, StockActionResponse } from './dto/stock-action.dto.js';
import { StockActionEntity } from './stock-action.entity.js';
import { roundQuantity, StockService, type Cause } from './stock.service.js';

/**
 * Quick stock actions on a product without a scan (products without a barcode included): add a
 * lot, consume FIFO or open the next package, through the one stock service, with movements of
 * source `manual` that reference the action. The key lookup, the checks, the stock change and the
 * action row are one `Database.write()` unit: a retry with the same key replays the stored answer,
 * and a refused action leaves nothing behind (so its key stays free).
 */
@Injectable()
export class StockActionService {
  constructor(
    private readonly config: AppConfig,
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly stock: StockService,
    private readonly masterData: MasterDataService,
  ) {}

  async apply(principal: Principal, productId: string, input: StockActionCreateInput): Promise<StockActionResponse> {
    const action = await this.database.write(async (manager) => {
      const earlier = await manager.findOneBy(StockActionEntity, { clientMutationId: input.client_mutation_id });
      if (earlier) {
        if (earlier.productId === productId && earlier.action === input.action) return earlier;
        throw new ApiException(409, 'action_key_used');
      }
      const product = await manager.findOneBy(ProductEntity, { id: productId, active: true });
      if (!product) throw new ApiException(404, 'product_not_found');

      const id = timeOrderedId();
      const cause = (movementType: Cause['movementType']): Cause => ({ movementType, source: 'manual', referenceId: id });
      const row: Omit<StockActionEntity, 'stockQuantity'> = {
        id,
        clientMutationId: input.client_mutation_id,
        productId: product.id,
        action: input.action,
        quantity: 0,
        variantId: null,
        locationId: null,
        bestBeforeDate: null,
        lotId: null,
        openedAt: null,
        movementIds: [],
        createdBy: principal.userId,
        createdAt: this.clock.now().toISOString(),
      };
      switch (input.action) {
        case 'add': {
          const quantity = this.amount(input.quantity);
          const variantId = await this.variantOf(manager, product.id, input.variant_id);
          const locationId = input.location_id ? (await this.masterData.requireActive(manager, 'locations', input.location_id)).id : product.defaultLocationId;
          const bestBeforeDate = input.best_before_date ?? (product.defaultBestBeforeDays > 0 ? this.today(product.defaultBestBeforeDays) : null);
          const added = this.stock.add({ productId: product.id, variantId, locationId, quantity, bestBeforeDate, purchasedDate: this.today(), ...cause('manual_add') });
          Object.assign(row, { quantity, variantId, locationId, bestBeforeDate, lotId: added.lotId, movementIds: [added.movementId] });
          break;
        }
        case 'consume': {
          const quantity = this.amount(input.quantity);
          const { movementIds } = this.stock.consume(product.id, quantity, cause('manual_consume'));
          Object.assign(row, { quantity, movementIds });
          break;
        }
        case 'open': {
          const opened = this.stock.open(product.id, cause('manual_open'));
          Object.assign(row, { lotId: opened.lotId, openedAt: opened.openedAt, movementIds: [opened.movementId] });
          break;
        }
      }
      const stored: StockActionEntity = { ...row, stockQuantity: this.stock.onHand(product.id) };
      await manager.insert(StockActionEntity, stored);
      return stored;
    });
    return toStockActionResponse(action);
  }

  /**
   * The quantity of an add or consume, as stored (6 decimals). The DTO has already refused a
   * missing or out-of-range value; one that rounds to nothing would write an empty lot or no
   * movement at all, so it is refused here too.
   */
  private amount(value: number | undefined): number {
    const quantity = roundQuantity(value ?? 0);
    if (quantity <= 0) throw new RequestValidationException([{ loc: ['body', 'quantity'], text: ISSUE_TEXTS.quantity_positive, type: 'greater_than' }]);
    return quantity;
  }

  /** The variant for a new lot: unknown is 404, another product's is 409 (as in stock counts). */
  private async variantOf(manager: EntityManager, productId: string, variantId: string | null | undefined): Promise<string | null> {
    if (!variantId) return null;
    const variant = await manager.findOneBy(VariantEntity, { id: variantId });
    if (!variant) throw new ApiException(404, 'variant_not_found');
    if (variant.productId !== productId) throw new ApiException(409, 'variant_mismatch');
    return variant.id;
  }

  /** The household's calendar day (`TZ`), plus some days. */
  private today(offsetDays = 0): string {
    return calendarDay(this.clock.now(), this.config.env.TZ, offsetDays);
  }
}

function toStockActionResponse(action: StockActionEntity): StockActionResponse {
  return {
    id: action.id,
    client_mutation_id: action.clientMutationId,
    product_id: action.productId,
    action: action.action,
    quantity: action.quantity,
    movement_ids: action.movementIds,
    lot_id: action.lotId,
    opened_at: action.openedAt,
    variant_id: action.variantId,
    location_id: action.locationId,
    best_before_date: action.bestBeforeDate,
    stock_quantity: action.stockQuantity,
    created_at: action.createdAt,
  };
}
