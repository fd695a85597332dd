import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { RequireScope } from '../../common/access/access.decorators.js';
import { StatusResponse } from './dto/status-response.dto.js';
import { StatusService } from './status.service.js';

@ApiTags('System')
@Controller('api/v1/status')
export class StatusController {
  constructor(private readonly status: StatusService) {}

  /** Version, catalog counts and the state of the optional integrations. */
  @RequireScope('status:read')
  @Get()
  getStatus(): Promise<StatusResponse> {
    return this.status.getStatus();
  }
}
