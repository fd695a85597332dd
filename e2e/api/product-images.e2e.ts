import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noisyPng, pixelBomb, pngOf, rotatedJpeg } from '../support/images.js';
import { bearer, createToken, setUpHousehold, type Browserless } from '../support/household.js';
import { startServer, type RunningServer } from '../support/server.js';

describe('product images', () => {
  let server: RunningServer;
  let owner: Browserless;
  let productId: string;
  const imageDir = () => join(server.dataDir, 'product-images');
  const filesLeft = () => {
    try {
      return readdirSync(imageDir()).sort();
    } catch {
      return [];
    }
  };

  beforeAll(async () => {
    server = await startServer({ MAX_UPLOAD_MB: '1', MAX_IMAGE_MEGAPIXELS: '10' });
    owner = await setUpHousehold(server.baseUrl);
    productId = (await owner.json<{ id: string }>('POST', '/api/v1/catalog/products', { name: 'Jam' })).id;
  });
  afterAll(() => server.stop());

  const upload = (bytes: Buffer, name = 'photo.png', type = 'image/png') => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(bytes)], { type }), name);
    return fetch(`${server.baseUrl}/api/v1/catalog/products/${productId}/image`, { method: 'POST', body: form, headers: { cookie: owner.cookie as string } });
  };

  it('stores an upright WebP within 1600×1600 and serves it privately', async () => {
    const response = await upload(await pngOf(2000, 1000));
    expect(response.status).toBe(200);
    const detail = (await response.json()) as { image_url: string };
    expect(detail.image_url).toBe(`/api/v1/catalog/products/${productId}/image`);
    expect(filesLeft()).toEqual([`${productId}.webp`]);
    const { token } = await createToken(owner, ['catalog:read']);
    const served = await fetch(`${server.baseUrl}${detail.image_url}`, { headers: bearer(token) });
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('private, no-cache');
    const stored = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([stored.format, stored.width, stored.height]).toEqual(['webp', 1600, 800]);
    expect((await fetch(`${server.baseUrl}${detail.image_url}`)).status).toBe(401);
    // The stock list and the lots show the same photo.
    await owner.json('POST', '/api/v1/stock/counts', { client_mutation_id: 'jam-photo-count', lines: [{ product_id: productId, counted_quantity: 1 }] });
    const [row] = await owner.json<{ product_image_url: string | null }[]>('GET', '/api/v1/stock');
    const [lot] = await owner.json<{ product_image_url: string | null }[]>('GET', `/api/v1/stock/lots?product_id=${productId}`);
    expect([row.product_image_url, lot.product_image_url]).toEqual([detail.image_url, detail.image_url]);
  });

  it('applies the EXIF orientation', async () => {
    expect((await upload(await rotatedJpeg(400, 200), 'phone.jpg', 'image/jpeg')).status).toBe(200);
    const served = await owner.call('GET', `/api/v1/catalog/products/${productId}/image`);
    const stored = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([stored.width, stored.height]).toEqual([200, 400]);
  });

  it.each([
    ['a text file named .png', () => Promise.resolve(Buffer.from('this is not an image, just text'.repeat(10))), 422],
    ['a pixel bomb', () => Promise.resolve(pixelBomb(30_000, 30_000)), 422],
    ['a file over MAX_UPLOAD_MB', () => noisyPng(700, 600), 413],
  ])('refuses %s and leaves no file behind', async (_name, make, status) => {
    const before = filesLeft();
    const response = await upload(await make());
    expect(response.status).toBe(status);
    expect(filesLeft()).toEqual(before);
  });

  it('deletes the photo', async () => {
    const detail = await owner.json<{ image_url: string | null }>('DELETE', `/api/v1/catalog/products/${productId}/image`);
    expect(detail.image_url).toBeNull();
    expect(filesLeft()).toEqual([]);
    expect((await owner.call('GET', `/api/v1/catalog/products/${productId}/image`)).status).toBe(404);
  });
});
