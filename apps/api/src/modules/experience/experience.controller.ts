import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { MinRole, SessionOnly } from '../../common/access/access.decorators.js';
import { CurrentPrincipal } from '../../common/access/current-principal.decorator.js';
import type { Principal } from '../../common/access/principal.js';
import { ExperienceStateResponse, ExperienceUpdateInput } from './dto/experience.dto.js';
import { ExperienceService } from './experience.service.js';

@ApiTags('Experience')
@Controller('api/v1/experience')
export class ExperienceController {
  constructor(private readonly experience: ExperienceService) {}

  /** The signed-in user's onboarding and release-note state. */
  @SessionOnly()
  @Get()
  getExperience(@CurrentPrincipal() principal: Principal): Promise<ExperienceStateResponse> {
    return this.experience.getState(principal);
  }

  /** Completes onboarding or acknowledges the current release's notes (each is kept once). */
  @SessionOnly()
  @MinRole('viewer')
  @Put()
  updateExperience(@CurrentPrincipal() principal: Principal, @Body() input: ExperienceUpdateInput): Promise<ExperienceStateResponse> {
    return this.experience.update(principal, input);
  }
}
