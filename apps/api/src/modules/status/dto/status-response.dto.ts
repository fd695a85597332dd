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
  /** Whether the receipt provider in the settings has a model and, unless it is Ollama, a key. */
  provider_configured: boolean;
  /** The receipt provider type chosen in the settings (`cortecs` until changed). */
  provider: string;
  /** Whether a Grocy API key is stored. */
  grocy_configured: boolean;
  /** Whether the Grocy connector is switched on in the settings. */
  grocy_enabled: boolean;
  /** Whether the switched-on connector reached Grocy and its key was accepted just now (at most 3 s). */
  grocy_connected: boolean;
}
