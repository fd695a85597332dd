import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import { ApiException } from '../../common/errors/api-exception.js';
import { images } from '../../common/images/image-library.js';
import { AppConfig } from '../../config/app-config.js';
import { Database } from '../../database/database.js';
import { CatalogService } from './catalog.service.js';
import type { CatalogProductDetailResponse } from './dto/catalog.dto.js';
import { ProductEntity } from './product.entity.js';

const MAX_EDGE = 1600;

/** What the bytes say the file is, whatever its name or declared type claims. */
export function sniffImageType(bytes: Buffer): 'jpeg' | 'png' | 'webp' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

export function managedImageUrl(productId: string): string {
  return `/api/v1/catalog/products/${productId}/image`;
}

/**
 * Product photos: only real JPEG, PNG or WebP files within the pixel limit are accepted; they
 * are turned upright (EXIF), fitted within 1600×1600 and stored as WebP (quality 85) under
 * DATA_DIR/product-images, written to a staging file first and renamed into place.
 */
@Injectable()
export class ProductImagesService {
  private readonly directory: string;

  constructor(
    private readonly config: AppConfig,
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly catalog: CatalogService,
  ) {
    this.directory = join(config.dataDir, 'product-images');
  }

  fileOf(productId: string): string {
    return join(this.directory, `${productId}.webp`);
  }

  private async product(productId: string): Promise<ProductEntity> {
    const product = await this.database.manager.findOneBy(ProductEntity, { id: productId, active: true });
    if (!product) throw new ApiException(404, 'product_not_found');
    return product;
  }

  private async convert(bytes: Buffer): Promise<Buffer> {
    const type = sniffImageType(bytes);
    if (!type) throw new ApiException(422, 'image_type_unsupported');
    const limitInputPixels = this.config.env.MAX_IMAGE_MEGAPIXELS * 1_000_000;
    try {
      const sharp = await images();
      const metadata = await sharp(bytes, { limitInputPixels, failOn: 'error' }).metadata();
      if (metadata.format !== type || !metadata.width || !metadata.height) throw new ApiException(422, 'image_unreadable');
      if (metadata.width * metadata.height > limitInputPixels) throw new ApiException(422, 'image_too_many_pixels');
      return await sharp(bytes, { limitInputPixels, failOn: 'error' })
        .rotate()
        .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 85 })
        .toBuffer();
    } catch (error) {
      if (error instanceof ApiException) throw error;
      const message = error instanceof Error ? error.message : '';
      throw new ApiException(422, /pixel limit/i.test(message) ? 'image_too_many_pixels' : 'image_unreadable');
    }
  }

  async upload(productId: string, file: { buffer: Buffer } | undefined): Promise<CatalogProductDetailResponse> {
    if (!file) throw new ApiException(422, 'image_missing');
    const product = await this.product(productId);
    const webp = await this.convert(file.buffer);
    await mkdir(this.directory, { recursive: true, mode: 0o700 });
    const staged = join(this.directory, `.${product.id}.${randomUUID()}.upload`);
    try {
      await writeFile(staged, webp, { mode: 0o600 });
      await rename(staged, this.fileOf(product.id));
    } finally {
      await rm(staged, { force: true });
    }
    await this.database.write((manager) =>
      manager.update(ProductEntity, { id: product.id }, { imageUrl: managedImageUrl(product.id), updatedAt: this.later(product.updatedAt) }),
    );
    return this.catalog.detail(product.id);
  }

  /** The stored photo's path, or 404 when the product has none. */
  async stored(productId: string): Promise<string> {
    await this.product(productId);
    const file = this.fileOf(productId);
    if (!(await stat(file).catch(() => null))) throw new ApiException(404, 'image_not_found');
    return file;
  }

  async remove(productId: string): Promise<CatalogProductDetailResponse> {
    const product = await this.product(productId);
    await rm(this.fileOf(product.id), { force: true });
    await this.database.write((manager) =>
      manager.update(ProductEntity, { id: product.id }, { imageUrl: null, updatedAt: this.later(product.updatedAt) }),
    );
    return this.catalog.detail(product.id);
  }

  private later(previous: string): string {
    return new Date(Math.max(this.clock.now().getTime(), Date.parse(previous) + 1)).toISOString();
  }
}
