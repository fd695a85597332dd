import { ApiProperty } from '@nestjs/swagger';
import { DEPLOYMENT_PROFILES, type DeploymentProfile } from '../../../config/env.js';

export class ReadinessCheckResponse {
  /** Stable check name such as `secret_key` or `trusted_hosts`. */
  id: string;
  @ApiProperty({ enum: ['pass', 'warn', 'fail'] })
  status: 'pass' | 'warn' | 'fail';
  message: string;
}

export class ReadinessResponse {
  /** `blocked` if any check fails, `degraded` if any warns, otherwise `ready`. */
  @ApiProperty({ enum: ['ready', 'degraded', 'blocked'] })
  status: 'ready' | 'degraded' | 'blocked';
  @ApiProperty({ enum: DEPLOYMENT_PROFILES })
  profile: DeploymentProfile;
  checks: ReadinessCheckResponse[];
}
