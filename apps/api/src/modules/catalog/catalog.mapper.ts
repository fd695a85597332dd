import type { BarcodeEntity } from './barcode.entity.js';
import type { CatalogBarcodeResponse, CatalogProductDetailResponse, CatalogProductResponse, CatalogVariantResponse } from './dto/catalog.dto.js';
import type { ProductEntity } from './product.entity.js';
import type { VariantEntity } from './variant.entity.js';

/** Per-product figures that come from other tables. */
export interface ProductFigures {
  stockQuantity: number;
  lotCountByVariant: Map<string, number>;
}

export function toBarcodeResponse(barcode: BarcodeEntity): CatalogBarcodeResponse {
  return {
    barcode: barcode.barcode,
    symbology: barcode.symbology,
    is_primary: Number(barcode.isPrimary),
    created_at: barcode.createdAt,
    updated_at: barcode.updatedAt,
  };
}

function toVariantResponse(variant: VariantEntity, figures: ProductFigures): CatalogVariantResponse {
  return {
    id: variant.id,
    product_id: variant.productId,
    name: variant.name,
    brand: variant.brand,
    package_amount: variant.packageAmount,
    package_unit: variant.packageUnit,
    image_url: variant.imageUrl,
    stock_lot_count: figures.lotCountByVariant.get(variant.id) ?? 0,
    receipt_count: 0,
    created_at: variant.createdAt,
    updated_at: variant.updatedAt,
    barcodes: [...(variant.barcodes ?? [])].sort((a, b) => a.createdAt.localeCompare(b.createdAt)).map(toBarcodeResponse),
  };
}

/** Products are loaded with variants, barcodes and master data; this is the one mapping. */
export function toProductResponse(product: ProductEntity, figures: ProductFigures): CatalogProductResponse {
  const variants = product.variants ?? [];
  return {
    id: product.id,
    name: product.name,
    normalized_name: product.normalizedName,
    default_best_before_days: product.defaultBestBeforeDays,
    default_location_id: product.defaultLocationId,
    default_location_name: product.defaultLocation?.name ?? null,
    default_quantity_unit_id: product.defaultQuantityUnitId,
    default_quantity_unit_name: product.defaultQuantityUnit?.name ?? null,
    product_group_id: product.productGroupId,
    product_group_name: product.productGroup?.name ?? null,
    connector_product_id: product.grocyProductId,
    grocy_product_id: product.grocyProductId,
    image_url: product.imageUrl,
    minimum_stock_quantity: product.minimumStockQuantity,
    shopping_target_quantity: product.shoppingTargetQuantity,
    variant_count: variants.length,
    barcode_count: variants.reduce((count, variant) => count + (variant.barcodes?.length ?? 0), 0),
    stock_quantity: figures.stockQuantity,
  };
}

export function toProductDetail(product: ProductEntity, figures: ProductFigures): CatalogProductDetailResponse {
  return {
    ...toProductResponse(product, figures),
    notes: product.notes,
    active: Number(product.active),
    created_at: product.createdAt,
    updated_at: product.updatedAt,
    variants: [...(product.variants ?? [])].sort((a, b) => a.createdAt.localeCompare(b.createdAt)).map((variant) => toVariantResponse(variant, figures)),
  };
}
