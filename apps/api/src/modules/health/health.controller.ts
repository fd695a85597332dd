import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '../../common/access/access.decorators.js';
import { HealthResponse } from './dto/health-response.dto.js';
import { ReadinessResponse } from './dto/readiness-response.dto.js';
import { ReadinessService } from './readiness.service.js';

@ApiTags('System')
@Controller()
export class HealthController {
  constructor(private readonly readiness: ReadinessService) {}

  /** Liveness probe; answers without credentials and without touching the database. */
  @Public()
  @Get('api/health')
  getHealth(): HealthResponse {
    return { status: 'ok' };
  }

  /** Liveness probe under the versioned prefix. */
  @Public()
  @Get('api/v1/health')
  getVersionedHealth(): HealthResponse {
    return { status: 'ok' };
  }

  /** Deployment readiness: seven configuration checks and the overall verdict. */
  @Public()
  @Get('api/readiness')
  getReadiness(): ReadinessResponse {
    return this.readiness.getReadiness();
  }
}
