import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { MinRole, RecentAuth, SessionOnly } from '../../common/access/access.decorators.js';
import { PublicSettingsResponse, SettingsInput } from './dto/settings.dto.js';
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
}
