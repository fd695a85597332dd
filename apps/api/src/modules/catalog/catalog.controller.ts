import { Body, Controller, Delete, Get, Header, HttpCode, Param, Patch, Post, Query, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiProduces } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiTags } from '@nestjs/swagger';
import { MinRole, RequireScope, SessionOnly } from '../../common/access/access.decorators.js';
import { CatalogService } from './catalog.service.js';
import { ProductImagesService } from './product-images.service.js';
import {
  CatalogBarcodeCreateInput,
  CatalogProductCreateInput,
  CatalogProductDetailResponse,
  CatalogProductResponse,
  CatalogProductUpdateInput,
  CatalogSearchQuery,
  CatalogVariantCreateInput,
  CatalogVariantUpdateInput,
} from './dto/catalog.dto.js';

/** Reading the catalog is open to `catalog:read` tokens; changing it needs an owner's or admin's session. */
@ApiTags('Catalog')
@Controller('api/v1/catalog')
export class CatalogController {
  constructor(
    private readonly catalog: CatalogService,
    private readonly images: ProductImagesService,
  ) {}

  /** Active products, optionally filtered by name, brand or barcode. */
  @RequireScope('catalog:read')
  @Get('products')
  listCatalogProducts(@Query() query: CatalogSearchQuery): Promise<CatalogProductResponse[]> {
    return this.catalog.search(query.q ?? '');
  }

  /** Creates a product with its first variant (and barcode), creating named master data on the way. */
  @SessionOnly()
  @MinRole('admin')
  @Post('products')
  @HttpCode(200)
  createCatalogProduct(@Body() input: CatalogProductCreateInput): Promise<CatalogProductDetailResponse> {
    return this.catalog.create(input);
  }

  @RequireScope('catalog:read')
  @Get('products/:product_id')
  getCatalogProduct(@Param('product_id') productId: string): Promise<CatalogProductDetailResponse> {
    return this.catalog.detail(productId);
  }

  /** Changes a product; `expected_updated_at` must match or nothing changes (409). */
  @SessionOnly()
  @MinRole('admin')
  @Patch('products/:product_id')
  updateCatalogProduct(@Param('product_id') productId: string, @Body() input: CatalogProductUpdateInput): Promise<CatalogProductDetailResponse> {
    return this.catalog.update(productId, input);
  }

  /** Archives a product: it leaves lists and searches, its history stays. */
  @SessionOnly()
  @MinRole('admin')
  @Delete('products/:product_id')
  archiveCatalogProduct(@Param('product_id') productId: string): Promise<CatalogProductDetailResponse> {
    return this.catalog.archive(productId);
  }

  @SessionOnly()
  @MinRole('admin')
  @Post('products/:product_id/variants')
  @HttpCode(200)
  createCatalogVariant(@Param('product_id') productId: string, @Body() input: CatalogVariantCreateInput): Promise<CatalogProductDetailResponse> {
    return this.catalog.addVariant(productId, input);
  }

  @SessionOnly()
  @MinRole('admin')
  @Patch('variants/:variant_id')
  updateCatalogVariant(@Param('variant_id') variantId: string, @Body() input: CatalogVariantUpdateInput): Promise<CatalogProductDetailResponse> {
    return this.catalog.updateVariant(variantId, input);
  }

  @SessionOnly()
  @MinRole('admin')
  @Delete('variants/:variant_id')
  deleteCatalogVariant(@Param('variant_id') variantId: string): Promise<CatalogProductDetailResponse> {
    return this.catalog.deleteVariant(variantId);
  }

  /** Adds a barcode (same rules as scanning); a code belongs to one variant only. */
  @SessionOnly()
  @MinRole('admin')
  @Post('variants/:variant_id/barcodes')
  @HttpCode(200)
  createCatalogBarcode(@Param('variant_id') variantId: string, @Body() input: CatalogBarcodeCreateInput): Promise<CatalogProductDetailResponse> {
    return this.catalog.addBarcode(variantId, input);
  }

  @SessionOnly()
  @MinRole('admin')
  @Delete('variants/:variant_id/barcodes/:barcode')
  deleteCatalogBarcode(@Param('variant_id') variantId: string, @Param('barcode') barcode: string): Promise<CatalogProductDetailResponse> {
    return this.catalog.removeBarcode(variantId, barcode);
  }

  /** Sets the product photo (multipart field `image`: JPEG, PNG or WebP); stored as WebP within 1600×1600. */
  @SessionOnly()
  @MinRole('admin')
  @Post('products/:product_id/image')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', required: ['image'], properties: { image: { type: 'string', format: 'binary' } } } })
  @UseInterceptors(FileInterceptor('image'))
  uploadCatalogProductImage(@Param('product_id') productId: string, @UploadedFile() file: { buffer: Buffer } | undefined): Promise<CatalogProductDetailResponse> {
    return this.images.upload(productId, file);
  }

  /** The product photo (WebP), served only to the household. */
  @RequireScope('catalog:read')
  @Get('products/:product_id/image')
  @Header('Cache-Control', 'private, no-cache')
  @ApiProduces('image/webp')
  @ApiOkResponse({ description: 'The photo as WebP', content: { 'image/webp': { schema: { type: 'string', format: 'binary' } } } })
  async getCatalogProductImage(@Param('product_id') productId: string, @Res() response: Response): Promise<void> {
    response.type('image/webp').sendFile(await this.images.stored(productId), { dotfiles: 'allow', cacheControl: false });
  }

  @SessionOnly()
  @MinRole('admin')
  @Delete('products/:product_id/image')
  deleteCatalogProductImage(@Param('product_id') productId: string): Promise<CatalogProductDetailResponse> {
    return this.images.remove(productId);
  }
}
