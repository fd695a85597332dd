import type { ScanResponse } from './dto/scan.dto.js';
import type { ScanDraftEntity } from './scan-draft.entity.js';

/** Catalog facts joined onto a draft for the review sheet. */
export interface DraftContext {
  product_name: string | null;
  product_image_url: string | null;
  default_location_id: number | null;
  default_location_name: string | null;
  default_quantity_unit_id: number | null;
  default_quantity_unit_name: string | null;
  variant_name: string | null;
  brand: string | null;
  package_amount: number | null;
  package_unit: string | null;
  stock_quantity: number | null;
}

export function toScanResponse(draft: ScanDraftEntity, context: DraftContext | undefined): ScanResponse {
  return {
    id: draft.id,
    barcode_raw: draft.barcodeRaw,
    barcode_normalized: draft.barcodeNormalized,
    symbology: draft.symbology,
    mode: draft.mode,
    status: draft.status,
    resolution_source: draft.resolutionSource,
    product_id: draft.productId,
    variant_id: draft.variantId,
    product_name: context?.product_name ?? null,
    product_image_url: context?.product_image_url ?? null,
    default_location_id: context?.default_location_id ?? null,
    default_location_name: context?.default_location_name ?? null,
    default_quantity_unit_id: context?.default_quantity_unit_id ?? null,
    default_quantity_unit_name: context?.default_quantity_unit_name ?? null,
    variant_name: context?.variant_name ?? null,
    brand: context?.brand ?? null,
    package_amount: context?.package_amount ?? null,
    package_unit: context?.package_unit ?? null,
    stock_quantity: context?.stock_quantity ?? 0,
    suggestion: draft.suggestion,
    upstream_error: draft.upstreamError,
    action_result: draft.actionResult,
    station_name: draft.stationName,
    created_at: draft.createdAt,
    updated_at: draft.updatedAt,
  };
}
