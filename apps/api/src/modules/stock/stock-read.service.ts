import { Injectable } from '@nestjs/common';
import { Database } from '../../database/database.js';
import { RequestValidationException } from '../../common/errors/validation.js';
import { ISSUE_TEXTS } from '../../common/errors/validation-messages.js';
import type { StockLotQuery, StockLotResponse, StockMovementPage, StockMovementQuery, StockMovementResponse, StockProductResponse } from './dto/stock-read.dto.js';

function encodeCursor(row: { created_at: string; id: string }): string {
  return Buffer.from(`${row.created_at}|${row.id}`).toString('base64url');
}

function decodeCursor(cursor: string): [string, string] {
  const [createdAt, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!createdAt || !id) throw new RequestValidationException([{ loc: ['query', 'cursor'], text: ISSUE_TEXTS.cursor_invalid, type: 'value_error' }]);
  return [createdAt, id];
}

/** Read-only views of stock for the app and for automation (`stock:read` tokens). */
@Injectable()
export class StockReadService {
  constructor(private readonly database: Database) {}

  /** Stock on hand per active product that has any, with the earliest best-before date. */
  onHand(): Promise<StockProductResponse[]> {
    return this.database.manager.query(`
      SELECT p.id AS product_id, p.name AS product_name, p.image_url AS product_image_url, u.name AS quantity_unit_name,
             ROUND(SUM(l.quantity), 6) AS quantity, COUNT(*) AS lot_count,
             SUM(l.opened_at IS NOT NULL) AS opened_lot_count, MIN(l.best_before_date) AS earliest_best_before_date
      FROM stock_lots l
      JOIN products p ON p.id = l.product_id AND p.active = 1
      LEFT JOIN quantity_units u ON u.id = p.default_quantity_unit_id
      WHERE l.quantity > 0
      GROUP BY p.id
      ORDER BY p.normalized_name`);
  }

  /** Lots that still hold something, soonest best-before first. */
  lots(query: StockLotQuery): Promise<StockLotResponse[]> {
    const where = ['l.quantity > 0'];
    const params: unknown[] = [];
    if (query.product_id) (where.push('l.product_id = ?'), params.push(query.product_id));
    if (query.location_id) (where.push('l.location_id = ?'), params.push(query.location_id));
    if (query.opened !== undefined) where.push(query.opened ? 'l.opened_at IS NOT NULL' : 'l.opened_at IS NULL');
    if (query.expiring_before) (where.push('l.best_before_date < ?'), params.push(query.expiring_before));
    return this.database.manager.query(
      `SELECT l.id, l.product_id, p.name AS product_name, p.image_url AS product_image_url, l.variant_id, l.location_id, loc.name AS location_name, l.quantity,
              l.best_before_date, l.opened_at, l.purchased_date, l.unit_price, l.created_at
       FROM stock_lots l JOIN products p ON p.id = l.product_id LEFT JOIN locations loc ON loc.id = l.location_id
       WHERE ${where.join(' AND ')}
       ORDER BY l.best_before_date IS NULL, l.best_before_date, l.created_at`,
      params,
    );
  }

  /** Movements newest first, a page at a time; the cursor is opaque. */
  async movements(query: StockMovementQuery): Promise<StockMovementPage> {
    const limit = query.limit ?? 100;
    const where: string[] = [];
    const params: unknown[] = [];
    if (query.product_id) (where.push('product_id = ?'), params.push(query.product_id));
    if (query.cursor) (where.push('(created_at, id) < (?, ?)'), params.push(...decodeCursor(query.cursor)));
    const rows: StockMovementResponse[] = await this.database.manager.query(
      `SELECT id, product_id, variant_id, lot_id, location_id, movement_type, quantity_delta, source, reference_id, created_at
       FROM stock_movements ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY created_at DESC, id DESC LIMIT ?`,
      [...params, limit + 1],
    );
    const items = rows.slice(0, limit);
    return { items, next_cursor: rows.length > limit ? encodeCursor(items[items.length - 1]) : null };
  }
}
