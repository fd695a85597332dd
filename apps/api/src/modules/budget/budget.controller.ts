import { Body, Controller, Get, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { MinRole, SessionOnly } from '../../common/access/access.decorators.js';
import { BudgetOverviewQuery, BudgetOverviewResponse, BudgetSettingsInput, BudgetSettingsResponse } from './dto/budget.dto.js';
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

  /** Owner and admin set one monthly EUR limit and warning percent; a null limit removes it. */
  @MinRole('admin')
  @Put('settings')
  updateBudgetSettings(@Body() input: BudgetSettingsInput): Promise<BudgetSettingsResponse> {
    return this.budget.saveSettings(input);
  }
}
