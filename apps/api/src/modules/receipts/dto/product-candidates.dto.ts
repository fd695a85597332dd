import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Length, Max, MaxLength, Min } from 'class-validator';
import { Nullable, Optional } from '../../../common/errors/nullable.js';
import { MasterDataChoiceInput } from '../../catalog/master-data/master-data.dto.js';

export class ProductCandidatesQuery {
  /** How many candidates to show. */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(5)
  @ApiProperty({ type: 'integer', minimum: 1, maximum: 5, default: 3, required: false })
  limit?: number = 3;
}

/** One reason behind a candidate's score (name similarity, store, package size, country). */
export class ProductCandidateEvidenceResponse {
  source: string;
  label: string;
}

/** A real Open Food Facts record that may be the receipt line, with its attribution. */
export class ProductCandidateResponse {
  /** The record's id at the source: its barcode. */
  external_id: string;
  barcode: string;
  name: string;
  brand?: string | null;
  /** The package as the record states it ("500 g"). */
  quantity?: string | null;
  image_url?: string | null;
  @ApiProperty({ enum: ['open_facts'] })
  source: 'open_facts';
  source_label: string;
  source_url?: string | null;
  attribution?: string | null;
  database_license?: string | null;
  image_license?: string | null;
  /** 0–99: name similarity plus store, package and country evidence. */
  @ApiProperty({ minimum: 0, maximum: 100 })
  score: number;
  /** Open Food Facts lists the receipt's store among the record's stores. */
  store_match: boolean;
  stores?: string[];
  evidence?: ProductCandidateEvidenceResponse[];
  /** The catalog product that already holds this barcode. */
  local_product_id?: string | null;
  local_product_name?: string | null;
  /** Always null: candidates are not re-ranked by an AI model here. */
  @ApiProperty({ type: 'number', nullable: true, minimum: 0, maximum: 100, required: false })
  ai_confidence?: number | null;
  ai_reason?: string | null;
}

/** Candidates for one receipt line; search problems come as `warnings`, never as an error. */
export class ProductCandidateSearchResponse {
  /** What was searched: the line's analysed name, else its printed name. */
  query: string;
  store_name?: string | null;
  receipt_unit_price?: number | null;
  currency: string;
  @ApiProperty({ enum: ['open_facts'] })
  source: 'open_facts';
  /** The answer came from the 30-day cache; Open Food Facts was not asked. */
  cached: boolean;
  /** Always false here. */
  ai_ranked: boolean;
  candidates?: ProductCandidateResponse[];
  warnings?: string[];
}

/**
 * Confirms a candidate for a receipt line. The product is `product_id`, else the one holding the
 * candidate's barcode, else a new one, which needs a name (else the candidate's), a location and
 * a unit (each by id or by a new name).
 */
export class ProductCandidateConfirmInput extends MasterDataChoiceInput {
  /** The candidate's `external_id` (its barcode), as listed by the candidates route. */
  @IsString()
  @Length(4, 100)
  external_id: string;

  @Optional()
  @IsIn(['open_facts'])
  @ApiProperty({ enum: ['open_facts'], default: 'open_facts', required: false })
  source?: 'open_facts' = 'open_facts';

  @IsOptional()
  @Nullable()
  @IsString()
  @MaxLength(100)
  product_id?: string | null;

  /** The new product's name; without it the candidate's name. */
  @IsOptional()
  @Nullable()
  @IsString()
  @MaxLength(300)
  name?: string | null;

  @Optional()
  @IsBoolean()
  new_location_is_freezer?: boolean = false;

  @Optional()
  @IsInt()
  @Min(0)
  @Max(3650)
  default_best_before_days?: number = 0;

  /** Remember the mapping as a manual mapping does (store mapping and confirmed aliases). */
  @Optional()
  @IsBoolean()
  @ApiProperty({ default: true, required: false })
  remember?: boolean = true;
}
