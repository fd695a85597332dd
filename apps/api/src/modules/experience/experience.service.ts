import { Injectable } from '@nestjs/common';
import { APP_VERSION, type Locale } from '@hinv/shared';
import { Database } from '../../database/database.js';
import { RequestValidationException } from '../../common/errors/validation.js';
import { ISSUE_TEXTS } from '../../common/errors/validation-messages.js';
import type { Principal } from '../../common/access/principal.js';
import type { ExperienceStateResponse, ExperienceUpdateInput } from './dto/experience.dto.js';
import { ExperienceStateEntity } from './experience-state.entity.js';
import { releaseNoteFor } from './release-notes.js';

/** The state a user sees, derived from the stored row (or its absence) and the running version. */
export function toExperienceState(row: ExperienceStateEntity | null, locale: Locale, version = APP_VERSION): ExperienceStateResponse {
  const completed = row?.onboardingCompletedAt != null;
  const acknowledged = row?.lastAcknowledgedVersion ?? null;
  return {
    current_version: version,
    last_acknowledged_version: acknowledged,
    onboarding_completed: completed,
    onboarding_required: !completed,
    // Onboarding already introduces the current release, so notes are only pending afterwards.
    release_notes_pending: completed && acknowledged !== version,
    release: releaseNoteFor(version, locale),
  };
}

@Injectable()
export class ExperienceService {
  constructor(private readonly database: Database) {}

  async getState(principal: Principal): Promise<ExperienceStateResponse> {
    const row = await this.database.manager.findOneBy(ExperienceStateEntity, { userId: principal.userId });
    return toExperienceState(row, principal.locale);
  }

  async update(principal: Principal, input: ExperienceUpdateInput): Promise<ExperienceStateResponse> {
    if (!input.acknowledge_current_version && !input.complete_onboarding) {
      throw new RequestValidationException([
        { loc: ['body'], text: ISSUE_TEXTS.experience_flag, type: 'value_error' },
      ]);
    }
    const row = await this.database.write(async (manager) => {
      const now = new Date().toISOString();
      const existing = await manager.findOneBy(ExperienceStateEntity, { userId: principal.userId });
      const next = existing ?? manager.create(ExperienceStateEntity, { userId: principal.userId, onboardingCompletedAt: null, lastAcknowledgedVersion: null });
      if (input.complete_onboarding) {
        next.onboardingCompletedAt ??= now;
        next.lastAcknowledgedVersion = APP_VERSION;
      }
      if (input.acknowledge_current_version) next.lastAcknowledgedVersion = APP_VERSION;
      next.updatedAt = now;
      return manager.save(next);
    });
    return toExperienceState(row, principal.locale);
  }
}
