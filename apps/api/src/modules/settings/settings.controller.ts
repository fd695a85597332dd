import { Body, Controller, Get, HttpCode, Post, Put } from '@nestjs/common';
import { ApiResponse, ApiTags } from '@nestjs/swagger';
import { MinRole, RecentAuth, SessionOnly } from '../../common/access/access.decorators.js';
import { ErrorResponse } from '../../common/errors/error-response.dto.js';
import { ConnectionTestResponse, PublicSettingsResponse, SettingsInput } from './dto/settings.dto.js';
import { SettingsService } from './settings.service.js';

/** Installation settings: the owner's, from a browser session only (as the reference: admins are refused too). */
@ApiTags('Settings')
@SessionOnly()
@MinRole('owner')
@Controller('api/v1/settings')
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  /** The receipt provider, the Grocy connector and the receipt-file retention; keys only as `api_key_configured`. */
  @Get()
  getSettings(): Promise<PublicSettingsResponse> {
    return this.settings.getSettings();
  }

  /** Replaces all three sections. An `api_key` left out or null keeps the stored key, an empty string removes it. */
  @RecentAuth()
  @Put()
  saveSettings(@Body() input: SettingsInput): Promise<PublicSettingsResponse> {
    return this.settings.saveSettings(input);
  }

  /**
   * Tests the saved receipt provider with a request that costs no tokens (its model list). Save
   * first: the form's unsaved values are not what is tested.
   */
  @Post('test-provider')
  @HttpCode(200)
  @ApiResponse({ status: 409, description: 'No provider is configured (a model, and a key unless it is Ollama): receipts are read on this box', type: ErrorResponse })
  @ApiResponse({ status: 502, description: 'The provider could not be reached, did not answer in time, refused the key or answered something else; `detail` says which', type: ErrorResponse })
  testProvider(): Promise<ConnectionTestResponse> {
    return this.settings.testProvider();
  }

  /**
   * Tests the saved Grocy connection with `GET /api/system/info` (3 s): the answer carries Grocy's
   * version. It works while the connector is switched off. Save first: the form's unsaved values
   * are not what is tested.
   */
  @Post('test-grocy')
  @HttpCode(200)
  @ApiResponse({ status: 409, description: 'Grocy is not connected: no address or no API key is saved', type: ErrorResponse })
  @ApiResponse({ status: 502, description: 'Grocy could not be reached, did not answer within 3 s, refused the key, redirected or answered something else; `detail` says which', type: ErrorResponse })
  testGrocy(): Promise<ConnectionTestResponse> {
    return this.settings.testGrocy();
  }
}
