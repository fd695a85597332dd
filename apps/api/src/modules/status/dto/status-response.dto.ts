import { ApiProperty } from '@nestjs/swagger';

/** Counts of the household catalog. */
export class CatalogSummaryResponse {
  @ApiProperty({ type: 'integer' })
  products: number;
  @ApiProperty({ type: 'integer' })
  variants: number;
  @ApiProperty({ type: 'integer' })
  barcodes: number;
  @ApiProperty({ type: 'integer' })
  stock_lots: number;
}

export class StatusResponse {
  /** The release version of this installation. */
  version: string;
  catalog: CatalogSummaryResponse;
  /** Whether a receipt-analysis provider other than the built-in local parser is configured. */
  provider_configured: boolean;
  /** The receipt-analysis engine in use: `local` or `openai_compatible`. */
  provider: string;
  grocy_configured: boolean;
  grocy_enabled: boolean;
  grocy_connected: boolean;
}
