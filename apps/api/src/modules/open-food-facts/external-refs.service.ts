import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { Database } from '../../database/database.js';
import { ExternalRefEntity } from './external-ref.entity.js';
import type { LookupResult } from './open-food-facts.client.js';

const HIT_DAYS = 30;
const MISS_HOURS = 24;
const DAY_MS = 24 * 3_600_000;
const SEARCH_SOURCE = 'product_candidate_search_v1';

/** The local cache of Open Food Facts answers: hits for 30 days, misses for 24 hours. */
@Injectable()
export class ExternalRefsService {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  /** A cached answer that is still fresh, or null when Open Food Facts should be asked. */
  async fresh(code: string): Promise<ExternalRefEntity | null> {
    const ref = await this.database.manager.findOneBy(ExternalRefEntity, { source: 'open_facts', externalId: code });
    if (!ref) return null;
    const age = this.clock.now().getTime() - Date.parse(ref.fetchedAt);
    const maxAge = ref.found ? HIT_DAYS * 24 * 3_600_000 : MISS_HOURS * 3_600_000;
    return age < maxAge ? ref : null;
  }

  /** Remembers a hit or a miss (errors are not cached). Runs inside the caller's write. */
  async store(manager: EntityManager, code: string, result: LookupResult): Promise<void> {
    if (result.kind === 'error') return;
    const existing = await manager.findOneBy(ExternalRefEntity, { source: 'open_facts', externalId: code });
    await manager.save(ExternalRefEntity, {
      source: 'open_facts',
      externalId: code,
      found: result.kind === 'hit',
      suggestion: result.kind === 'hit' ? result.suggestion : null,
      productId: existing?.productId ?? null,
      variantId: existing?.variantId ?? null,
      fetchedAt: this.clock.now().toISOString(),
    });
  }

  /** A cached product record (a hit) at most `maxAgeDays` old, or null. */
  async record(manager: EntityManager, code: string, maxAgeDays: number): Promise<ExternalRefEntity | null> {
    const ref = await manager.findOneBy(ExternalRefEntity, { source: 'open_facts', externalId: code, found: true });
    if (!ref || this.clock.now().getTime() - Date.parse(ref.fetchedAt) >= maxAgeDays * DAY_MS) return null;
    return ref;
  }

  /** A cached candidate search (30 days) by its key, or null. */
  async freshSearch(key: string): Promise<Record<string, unknown> | null> {
    const ref = await this.database.manager.findOneBy(ExternalRefEntity, { source: SEARCH_SOURCE, externalId: key });
    if (!ref || this.clock.now().getTime() - Date.parse(ref.fetchedAt) >= HIT_DAYS * DAY_MS) return null;
    return ref.suggestion;
  }

  /** Remembers a candidate search (a miss too: nothing found is an answer). */
  async storeSearch(manager: EntityManager, key: string, found: boolean, result: Record<string, unknown>): Promise<void> {
    await manager.save(ExternalRefEntity, {
      source: SEARCH_SOURCE,
      externalId: key,
      found,
      suggestion: result,
      productId: null,
      variantId: null,
      fetchedAt: this.clock.now().toISOString(),
    });
  }

  /** Links a cached record to the product and variant the household confirmed. */
  async link(manager: EntityManager, code: string, productId: string, variantId: string): Promise<void> {
    await manager.update(ExternalRefEntity, { source: 'open_facts', externalId: code }, { productId, variantId });
  }
}
