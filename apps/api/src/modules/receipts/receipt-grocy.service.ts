import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import { RequestValidationException } from '../../common/errors/validation.js';
import { ISSUE_TEXTS } from '../../common/errors/validation-messages.js';
import { Database } from '../../database/database.js';
import { VariantEntity } from '../catalog/variant.entity.js';
import type { GrocyProductCreateInput } from '../grocy/dto/grocy.dto.js';
import { GrocyService } from '../grocy/grocy.service.js';
import type { ReceiptResponse } from './dto/receipts.dto.js';
import { ReceiptItemEntity } from './receipt-item.entity.js';
import { ReceiptMappingService } from './receipt-mapping.service.js';
import { ReceiptReconcileService } from './receipt-reconcile.service.js';
import { ReceiptsService } from './receipts.service.js';

/**
 * A receipt line that Grocy does not know yet becomes a Grocy product: its location, unit and
 * group are Grocy's (given by id, or found or created by name), the product is created in Grocy
 * (or, when Grocy has one of that name already, that one is taken),
 * and the line is mapped to the local product linked to it (found by that link or by name, or
 * created), so the import puts it into stock here and exports the purchase to Grocy.
 */
@Injectable()
export class ReceiptGrocyService {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly grocy: GrocyService,
    private readonly mapping: ReceiptMappingService,
    private readonly reconciler: ReceiptReconcileService,
    private readonly receipts: ReceiptsService,
  ) {}

  async createProduct(receiptId: string, itemId: string, input: GrocyProductCreateInput): Promise<ReceiptResponse> {
    const connection = await this.grocy.connection(true);
    // 404 / 409 before anything is created in Grocy.
    await this.mapping.openLine(this.database.manager, receiptId, itemId);
    const missing = [
      ...(input.location_id || input.new_location_name?.trim() ? [] : ['location_id']),
      ...(input.quantity_unit_id || input.new_quantity_unit_name?.trim() ? [] : ['quantity_unit_id']),
    ];
    if (missing.length > 0) {
      throw new RequestValidationException(missing.map((field) => ({ loc: ['body', field], text: ISSUE_TEXTS.grocy_id_or_name, type: 'missing' })));
    }
    const name = input.name.trim();
    if (!name) throw new RequestValidationException([{ loc: ['body', 'name'], text: ISSUE_TEXTS.needs_name, type: 'missing' }]);
    const location = await this.grocy.ensureMasterData(connection, 'locations', input.location_id ?? null, input.new_location_name ?? null);
    const unit = await this.grocy.ensureMasterData(connection, 'quantity_units', input.quantity_unit_id ?? null, input.new_quantity_unit_name ?? null);
    const group = await this.grocy.ensureMasterData(connection, 'product_groups', input.product_group_id ?? null, input.new_product_group_name ?? null);
    if (!location || !unit) throw new RequestValidationException([{ loc: ['body'], text: ISSUE_TEXTS.needs_location_and_unit, type: 'missing' }]);
    const bestBeforeDays = input.default_best_before_days ?? 0;
    // Grocy refuses a second product of the same name: one that exists already (made in Grocy, or by
    // an earlier attempt whose local part failed) is taken instead of failing.
    const existing = await this.grocy.findProductByName(connection, name);
    const grocyProduct = existing ?? {
      id: await this.grocy.createProduct(connection, { name, locationId: location.id, unitId: unit.id, groupId: group?.id ?? null, bestBeforeDays }),
      name,
    };
    const grocyProductId = grocyProduct.id;

    await this.database.write(async (manager) => {
      const { receipt, item } = await this.mapping.openLine(manager, receiptId, itemId);
      const product = await this.grocy.localProductFor(manager, {
        id: grocyProductId,
        name: grocyProduct.name,
        location,
        unit,
        group,
        bestBeforeDays,
        isFreezer: input.new_location_is_freezer === true && !input.location_id,
      });
      const variants = await manager.find(VariantEntity, { select: { id: true }, where: { productId: product.id }, take: 2 });
      await this.mapping.mapLine(manager, receipt, item, product, variants.length === 1 ? variants[0].id : null, input.remember !== false);
      await manager.update(ReceiptItemEntity, { id: item.id }, { grocyProductId, grocyProductName: grocyProduct.name, updatedAt: this.clock.now().toISOString() });
      await this.reconciler.reconcile(manager, { except: item.id });
    });
    return this.receipts.detail(receiptId);
  }
}
