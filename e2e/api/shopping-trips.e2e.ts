import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, bearer, createToken, setUpHousehold, type Browserless } from '../support/household.js';
import { downloadExport } from '../support/privacy.js';
import { startServer, type RunningServer } from '../support/server.js';

interface Item {
  id: string;
  product_id: string;
  updated_at: string;
}
interface Trip {
  id: string;
  store_id: string;
  store_name: string;
  active: boolean;
  checkoff_count: number;
  end_reason: string | null;
}
interface Order {
  trip_count: number;
  products: { product_id: string; position: number; source: string }[];
  groups: { product_group_id: number; source: string }[];
}
interface Frame {
  event: string;
  id?: string;
  data: string;
}

/** An open event stream: its frames as they arrive, and a wait for one that matches. */
async function openStream(baseUrl: string, cookie: string) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/v1/events`, { headers: { cookie, accept: 'text/event-stream' }, signal: controller.signal });
  const frames: Frame[] = [];
  const waiters: { match: (frame: Frame) => boolean; resolve: (frame: Frame) => void }[] = [];
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const frame: Frame = { event: 'message', data: '' };
        for (const line of block.split('\n')) {
          const [field, ...rest] = line.split(':');
          const text = rest.join(':').trimStart();
          if (field === 'event') frame.event = text;
          if (field === 'id') frame.id = text;
          if (field === 'data') frame.data += text;
        }
        if (block.startsWith(':')) continue;
        frames.push(frame);
        for (const waiter of [...waiters]) if (waiter.match(frame)) waiter.resolve(frame);
      }
    }
  })();
  return {
    response,
    frames,
    /** Resolves with the first frame, already received or still to come, that matches. */
    next: (match: (frame: Frame) => boolean) =>
      new Promise<Frame>((resolve) => {
        const seen = frames.find(match);
        if (seen) resolve(seen);
        else waiters.push({ match, resolve });
      }),
    close: () => controller.abort(),
  };
}

describe('shopping trips and the live event stream', () => {
  let server: RunningServer;
  let owner: Browserless;
  let member: Browserless;
  let viewer: Browserless;
  const products: { id: string }[] = [];

  beforeAll(async () => {
    server = await startServer();
    owner = await setUpHousehold(server.baseUrl);
    member = (await addMember(owner, 'member')).browser;
    viewer = (await addMember(owner, 'viewer')).browser;
    for (const name of ['Apples', 'Bread', 'Cheese', 'Detergent']) products.push(await owner.json('POST', '/api/v1/catalog/products', { name }));
  });
  afterAll(() => server.stop());

  async function listItems(names: number[]): Promise<Item[]> {
    const items: Item[] = [];
    for (const index of names) {
      items.push(await owner.json<Item>('POST', '/api/v1/shopping-list', { product_id: products[index].id, desired_quantity: 1, client_mutation_id: `add-${Math.random().toString(36).slice(2)}` }));
    }
    return items;
  }

  it('starts a trip at a new store, records check-offs with its id and learns the order', async () => {
    const trip = await member.json<Trip>('POST', '/api/v1/shopping-trips', { store_name: '  REWE  City ' }, 201);
    expect(trip).toMatchObject({ store_name: 'REWE City', active: true, checkoff_count: 0 });
    expect((await member.json<{ trip: Trip | null }>('GET', '/api/v1/shopping-trips/current')).trip?.id).toBe(trip.id);
    expect((await owner.json<{ trip: Trip | null }>('GET', '/api/v1/shopping-trips/current')).trip).toBeNull();
    // Walked: detergent, bread, apples.
    const items = await listItems([3, 1, 0]);
    for (const item of items) {
      await member.json('PATCH', `/api/v1/shopping-list/${item.id}`, { desired_quantity: 1, checked: true, expected_updated_at: item.updated_at, trip_id: trip.id, client_mutation_id: `check-${item.id}` });
    }
    // A replayed check-off (the offline queue after a lost answer) is recorded once.
    const replay = await member.call('PATCH', `/api/v1/shopping-list/${items[0].id}`, { desired_quantity: 1, checked: true, expected_updated_at: items[0].updated_at, trip_id: trip.id, client_mutation_id: `check-${items[0].id}` });
    expect(replay.status).toBe(200);
    const ended = await member.json<Trip>('POST', `/api/v1/shopping-trips/${trip.id}/end`);
    expect(ended).toMatchObject({ active: false, end_reason: 'done', checkoff_count: 3 });
    const order = await member.json<Order>('GET', `/api/v1/shopping-stores/${trip.store_id}/order`);
    expect(order.trip_count).toBe(1);
    expect(order.products.map((product) => product.product_id)).toEqual([products[3].id, products[1].id, products[0].id]);
    const stores = await viewer.json<{ stores: { id: string | null; name: string; trip_count: number }[]; last_store_name: string }>('GET', '/api/v1/shopping-stores');
    expect(stores.last_store_name).toBe('REWE City');
    expect(stores.stores[0]).toMatchObject({ id: trip.store_id, name: 'REWE City', trip_count: 1 });
  });

  it('validates placements and refuses what is unknown', async () => {
    const trip = await member.json<Trip>('POST', '/api/v1/shopping-trips', { store_name: 'rewe city' }, 201);
    const path = `/api/v1/shopping-stores/${trip.store_id}/placements`;
    for (const body of [{ kind: 'aisle', position: 0 }, { kind: 'product', product_id: products[0].id, position: 5000 }, { kind: 'product', position: 0.5 }, { kind: 'group', product_group_id: 'x', position: 0 }]) {
      const response = await member.call('PUT', path, body);
      expect(response.status, JSON.stringify(body)).toBe(422);
    }
    expect((await member.call('PUT', path, { kind: 'product', product_id: 'nope', position: 0.1 })).status).toBe(404);
    expect((await member.call('PUT', '/api/v1/shopping-stores/nope/placements', { kind: 'product', product_id: products[0].id, position: 0.1 })).status).toBe(404);
    expect((await member.call('GET', '/api/v1/shopping-stores/nope/order')).status).toBe(404);
    expect((await member.call('POST', '/api/v1/shopping-trips/nope/end')).status).toBe(404);
    expect((await member.call('POST', '/api/v1/shopping-trips', { store_name: '   ' })).status).toBe(422);
    expect((await viewer.call('POST', '/api/v1/shopping-trips', { store_name: 'Aldi' })).status).toBe(403);
    const placed = await member.json<Order>('PUT', path, { kind: 'product', product_id: products[0].id, position: -1 });
    expect(placed.products[0]).toMatchObject({ product_id: products[0].id, source: 'manual' });
    const reset = await member.json<Order>('DELETE', path);
    expect(reset.products[0].product_id).toBe(products[3].id);
    // A token with the right scope may start trips too (a shopping app of the household's own).
    const token = await createToken(owner, ['shopping:write']);
    const byToken = await fetch(`${server.baseUrl}/api/v1/shopping-trips`, { method: 'POST', headers: { ...bearer(token.token), 'content-type': 'application/json' }, body: JSON.stringify({ store_name: 'Aldi' }) });
    expect(byToken.status).toBe(201);
  });

  it('streams ids and versions of list changes to other signed-in browsers, never to tokens', async () => {
    const token = await createToken(owner, ['shopping:read', 'shopping:write']);
    const refused = await fetch(`${server.baseUrl}/api/v1/events`, { headers: bearer(token.token) });
    expect(refused.status).toBe(403);
    expect((await fetch(`${server.baseUrl}/api/v1/events`)).status).toBe(401);

    const stream = await openStream(server.baseUrl, owner.cookie as string);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toContain('text/event-stream');
    expect(stream.response.headers.get('cache-control')).toContain('no-store');
    await stream.next((frame) => frame.event === 'ready');
    const [item] = await (async () => {
      const added = await member.json<Item>('POST', '/api/v1/shopping-list', { product_id: products[2].id, desired_quantity: 2, client_mutation_id: 'add-cheese-live' });
      return [added];
    })();
    const change = await stream.next((frame) => frame.event === 'change' && JSON.parse(frame.data).id === item.id);
    expect(JSON.parse(change.data)).toEqual({ topic: 'shopping', id: item.id, version: item.updated_at });
    expect(Number(change.id)).toBeGreaterThan(0);
    // Only what changed, never the content.
    expect(change.data).not.toContain('Cheese');
    stream.close();
  });

  it('puts the trip history into the privacy export', async () => {
    const exported = await downloadExport(owner);
    const shopping = JSON.parse(exported.read('data/shopping.json')) as Record<string, Record<string, unknown>[]>;
    expect(shopping.stores.map((store) => store.name).sort()).toEqual(['Aldi', 'REWE City']);
    expect(shopping.trips.length).toBeGreaterThanOrEqual(3);
    expect(shopping.trip_checkoffs.map((checkoff) => checkoff.sequence)).toEqual([1, 2, 3]);
    expect(Object.keys(shopping.trip_checkoffs[0]).sort()).toEqual(['checked_at', 'id', 'item_id', 'product_id', 'sequence', 'trip_id']);
    expect(exported.manifest.counts).toMatchObject({ shopping_stores: 2, shopping_trip_checkoffs: 3 });
  });

  it('holds at most four streams per session and still stops the server with streams open', async () => {
    const streams = [];
    for (let index = 0; index < 5; index += 1) {
      const stream = await openStream(server.baseUrl, member.cookie as string);
      await stream.next((frame) => frame.event === 'ready');
      streams.push(stream);
    }
    // The oldest one was closed for the fifth; the others still hear changes.
    const added = await owner.json<Item>('POST', '/api/v1/shopping-list', { product_id: products[1].id, desired_quantity: 1, client_mutation_id: 'add-bread-live' });
    await Promise.all(streams.slice(1).map((stream) => stream.next((frame) => frame.event === 'change' && JSON.parse(frame.data).id === added.id)));
    expect(streams[0].frames.some((frame) => frame.event === 'change' && JSON.parse(frame.data).id === added.id)).toBe(false);
    // Other requests are answered while streams are open.
    expect((await owner.call('GET', '/api/v1/shopping-list')).status).toBe(200);
    // SIGTERM with four open streams: the process exits (afterAll would time out otherwise).
    await server.stop();
    expect(server.output()).toContain('Closing 4 event streams for shutdown');
  });
});
