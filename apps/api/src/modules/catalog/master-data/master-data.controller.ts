import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { MinRole, RequireScope, SessionOnly } from '../../../common/access/access.decorators.js';
import { MasterDataItemPath, MasterDataKindPath } from '../dto/catalog.dto.js';
import { MasterDataCreateInput, MasterDataItemResponse, MasterDataResponse, MasterDataUpdateInput } from './master-data.dto.js';
import { MasterDataService } from './master-data.service.js';

@ApiTags('Catalog')
@Controller('api/v1/catalog/master-data')
export class MasterDataController {
  constructor(private readonly masterData: MasterDataService) {}

  /** Active locations, quantity units and product groups with how many products use each. */
  @RequireScope('catalog:read')
  @Get()
  getCatalogMasterData(): Promise<MasterDataResponse> {
    return this.masterData.list();
  }

  /** Creates a location, quantity unit or product group (`kind`: locations, quantity-units, product-groups). */
  @SessionOnly()
  @MinRole('admin')
  @Post(':kind')
  @HttpCode(200)
  createCatalogMasterData(@Param() path: MasterDataKindPath, @Body() input: MasterDataCreateInput): Promise<MasterDataItemResponse> {
    return this.masterData.create(path.kind, input);
  }

  @SessionOnly()
  @MinRole('admin')
  @Patch(':kind/:item_id')
  updateCatalogMasterData(@Param() path: MasterDataItemPath, @Body() input: MasterDataUpdateInput): Promise<MasterDataItemResponse> {
    return this.masterData.update(path.kind, path.item_id, input);
  }

  /** Archives an entry; refused (409) while an active product uses it. */
  @SessionOnly()
  @MinRole('admin')
  @Delete(':kind/:item_id')
  archiveCatalogMasterData(@Param() path: MasterDataItemPath): Promise<MasterDataItemResponse> {
    return this.masterData.archive(path.kind, path.item_id);
  }
}
