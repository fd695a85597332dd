import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { MinRole, RequireScope, SessionOnly } from '../../common/access/access.decorators.js';
import { CatalogService } from './catalog.service.js';
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
  constructor(private readonly catalog: CatalogService) {}

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
}
