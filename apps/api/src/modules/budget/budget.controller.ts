import { Body, Controller, Get, Header, Put, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { MinRole, SessionOnly } from '../../common/access/access.decorators.js';
import { CurrentPrincipal } from '../../common/access/current-principal.decorator.js';
import type { Principal } from '../../common/access/principal.js';
import { BudgetCsvQuery, BudgetOverviewQuery, BudgetOverviewResponse, BudgetSettingsInput, BudgetSettingsResponse } from './dto/budget.dto.js';
import { BudgetService } from './budget.service.js';

@ApiTags('Insights')
@SessionOnly()
@Controller('api/v1/insights/budget')
export class BudgetController {
  constructor(private readonly budget: BudgetService) {}

  /**
   * Month-to-date EUR spending, a pace-based forecast, the same days of the month before, monthly
   * history, store shares and how many receipts could be counted. Only receipts with at least one
   * imported line count; days are calendar days in the household time zone.
   */
  @Get()
  getBudgetOverview(@Query() query: BudgetOverviewQuery): Promise<BudgetOverviewResponse> {
    return this.budget.overview(query.months ?? 6);
  }

  /**
   * A month's counted receipts with all their lines as CSV (date, store, product, quantity, unit
   * price, line total), laid out for the spreadsheet of the chosen language. Our addition.
   */
  @Get('export')
  @Header('Cache-Control', 'private, no-store')
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'CSV with a header row (UTF-8 with a byte order mark)', content: { 'text/csv': { schema: { type: 'string' } } } })
  async exportBudgetCsv(@Query() query: BudgetCsvQuery, @CurrentPrincipal() principal: Principal, @Res() response: Response): Promise<void> {
    const csv = await this.budget.csv(query.month ?? this.budget.currentMonth(), query.locale ?? principal.locale);
    response.type('text/csv; charset=utf-8').attachment(csv.filename).send(csv.body);
  }

  /** Owner and admin set one monthly EUR limit and warning percent; a null limit removes it. */
  @MinRole('admin')
  @Put('settings')
  updateBudgetSettings(@Body() input: BudgetSettingsInput): Promise<BudgetSettingsResponse> {
    return this.budget.saveSettings(input);
  }
}
