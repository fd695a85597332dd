import { Injectable } from '@nestjs/common';
import type { Statement } from 'better-sqlite3';
import { v7 as timeOrderedId } from 'uuid';
import { Clock } from '../../common/clock.js';
import { ApiException } from '../../common/errors/api-exception.js';
import { Database } from '../../database/database.js';
import type { MovementSource, MovementType } from './stock-movement.entity.js';

/** Quantities are compared with this tolerance and stored rounded to 6 decimals. */
const EPSILON = 1e-9;
export const roundQuantity = (value: number): number => Math.round(value * 1e6) / 1e6;

/**
 * Lots in the order they are used: earliest best-before first, lots without a date last, then
 * the oldest lot. Consumption, opening and count decreases all take from this order.
 */
const FIFO_ORDER = 'best_before_date IS NULL, best_before_date, created_at, rowid';

export interface Cause {
  movementType: MovementType;
  source: MovementSource;
  referenceId: string | null;
}

export interface AddStock extends Cause {
  productId: string;
  variantId?: string | null;
  locationId?: number | null;
  quantity: number;
  bestBeforeDate?: string | null;
  unitPrice?: number | null;
  purchasedDate?: string | null;
}

interface LotRow {
  id: string;
  variant_id: string | null;
  location_id: number | null;
  quantity: number;
}

/**
 * The one place stock changes: add a lot, consume FIFO, open the next unopened lot. Scanning,
 * receipts and stock counts call these inside their own `Database.write()`, so a failure
 * anywhere rolls back the whole request. Prepared statements keep a consumption across
 * hundreds of lots in milliseconds. Lot and movement ids are time-ordered UUIDs (v7), so new rows
 * land at the end of the primary-key index instead of touching pages all over it.
 */
@Injectable()
export class StockService {
  private statements?: {
    insertLot: Statement;
    insertMovement: Statement;
    available: Statement<[string], { total: number | null }>;
    lotsInOrder: Statement<[string], LotRow>;
    nextUnopened: Statement<[string], LotRow>;
    setQuantity: Statement;
    emptyLots: Statement;
    insertMovements: Statement;
    setOpened: Statement;
  };

  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  private get sql() {
    const db = this.database.sqlite;
    this.statements ??= {
      insertLot: db.prepare(
        `INSERT INTO stock_lots (id, product_id, variant_id, location_id, quantity, best_before_date, unit_price, purchased_date, opened_at, created_at, updated_at)
         VALUES (@id, @productId, @variantId, @locationId, @quantity, @bestBeforeDate, @unitPrice, @purchasedDate, NULL, @now, @now)`,
      ),
      insertMovement: db.prepare(
        `INSERT INTO stock_movements (id, product_id, variant_id, lot_id, location_id, movement_type, quantity_delta, source, reference_id, created_at)
         VALUES (@id, @productId, @variantId, @lotId, @locationId, @movementType, @quantityDelta, @source, @referenceId, @now)`,
      ),
      available: db.prepare('SELECT SUM(quantity) AS total FROM stock_lots WHERE product_id = ? AND quantity > 0'),
      lotsInOrder: db.prepare(`SELECT id, variant_id, location_id, quantity FROM stock_lots WHERE product_id = ? AND quantity > 0 ORDER BY ${FIFO_ORDER}`),
      nextUnopened: db.prepare(
        `SELECT id, variant_id, location_id, quantity FROM stock_lots WHERE product_id = ? AND quantity > 0 AND opened_at IS NULL ORDER BY ${FIFO_ORDER} LIMIT 1`,
      ),
      setQuantity: db.prepare('UPDATE stock_lots SET quantity = ?, updated_at = ? WHERE id = ?'),
      // A consumption across many lots is written with set-based statements over a JSON array:
      // one UPDATE for the emptied lots and one INSERT for all movements, instead of two per lot.
      emptyLots: db.prepare('UPDATE stock_lots SET quantity = 0, updated_at = ? WHERE id IN (SELECT value FROM json_each(?))'),
      insertMovements: db.prepare(
        `INSERT INTO stock_movements (id, product_id, variant_id, lot_id, location_id, movement_type, quantity_delta, source, reference_id, created_at)
         SELECT value ->> '$[0]', @productId, value ->> '$[1]', value ->> '$[2]', value ->> '$[3]', @movementType, value ->> '$[4]', @source, @referenceId, @now
         FROM json_each(@rows)`,
      ),
      setOpened: db.prepare('UPDATE stock_lots SET opened_at = ?, updated_at = ? WHERE id = ?'),
    };
    return this.statements;
  }

  private movement(cause: Cause, fields: { productId: string; variantId: string | null; lotId: string; locationId: number | null; quantityDelta: number }, now: string): string {
    const id = timeOrderedId();
    this.sql.insertMovement.run({ id, ...fields, movementType: cause.movementType, source: cause.source, referenceId: cause.referenceId, now });
    return id;
  }

  /** Stock on hand of a product (sum of its lots). Call inside `write()` when it decides a change. */
  onHand(productId: string): number {
    return roundQuantity(this.sql.available.get(productId)?.total ?? 0);
  }

  /** One new lot and one positive movement. Must run inside `Database.write()`. */
  add(input: AddStock): { lotId: string; movementId: string } {
    const now = this.clock.now().toISOString();
    const lotId = timeOrderedId();
    const lot = {
      id: lotId,
      productId: input.productId,
      variantId: input.variantId ?? null,
      locationId: input.locationId ?? null,
      quantity: roundQuantity(input.quantity),
      bestBeforeDate: input.bestBeforeDate ?? null,
      unitPrice: input.unitPrice ?? null,
      purchasedDate: input.purchasedDate ?? null,
      now,
    };
    this.sql.insertLot.run(lot);
    const movementId = this.movement(input, { productId: lot.productId, variantId: lot.variantId, lotId, locationId: lot.locationId, quantityDelta: lot.quantity }, now);
    return { lotId, movementId };
  }

  /**
   * Takes `quantity` in FIFO order, one negative movement per lot touched. Checks availability
   * first: too little stock is a 409 and nothing is written. Must run inside `Database.write()`.
   */
  consume(productId: string, quantity: number, cause: Cause): { movementIds: string[] } {
    const available = this.onHand(productId);
    if (available + EPSILON < quantity) {
      throw new ApiException(409, 'insufficient_stock', { available: String(available) });
    }
    const now = this.clock.now().toISOString();
    const emptied: string[] = [];
    const rows: [string, string | null, string, number | null, number][] = [];
    let remaining = quantity;
    for (const lot of this.sql.lotsInOrder.all(productId)) {
      if (remaining <= EPSILON) break;
      const taken = Math.min(lot.quantity, remaining);
      const left = roundQuantity(lot.quantity - taken);
      if (left <= EPSILON) emptied.push(lot.id);
      else this.sql.setQuantity.run(left, now, lot.id);
      rows.push([timeOrderedId(), lot.variant_id, lot.id, lot.location_id, -roundQuantity(taken)]);
      remaining = roundQuantity(remaining - taken);
    }
    if (emptied.length > 0) this.sql.emptyLots.run(now, JSON.stringify(emptied));
    this.sql.insertMovements.run({ productId, movementType: cause.movementType, source: cause.source, referenceId: cause.referenceId, now, rows: JSON.stringify(rows) });
    return { movementIds: rows.map((row) => row[0]) };
  }

  /** Marks the next unopened lot (FIFO order) opened, with a zero movement; 409 when there is none. */
  open(productId: string, cause: Cause): { lotId: string; openedAt: string; movementId: string } {
    const lot = this.sql.nextUnopened.get(productId);
    if (!lot) throw new ApiException(409, 'no_unopened_lot');
    const now = this.clock.now().toISOString();
    this.sql.setOpened.run(now, now, lot.id);
    const movementId = this.movement(cause, { productId, variantId: lot.variant_id, lotId: lot.id, locationId: lot.location_id, quantityDelta: 0 }, now);
    return { lotId: lot.id, openedAt: now, movementId };
  }
}
