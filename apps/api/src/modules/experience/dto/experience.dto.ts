import { IsBoolean, IsOptional } from 'class-validator';

export class ReleaseNoteResponse {
  version: string;
  title: string;
  summary: string;
  highlights: string[];
}

export class ExperienceStateResponse {
  /** The release running now. */
  current_version: string;
  /** The last release whose notes this user dismissed. */
  last_acknowledged_version?: string | null;
  onboarding_completed: boolean;
  onboarding_required: boolean;
  /** True when the user finished onboarding earlier and has not yet seen this release's notes. */
  release_notes_pending: boolean;
  release: ReleaseNoteResponse;
}

/** At least one flag must be true; a request that changes nothing is a 422. */
export class ExperienceUpdateInput {
  @IsOptional()
  @IsBoolean()
  acknowledge_current_version?: boolean = false;

  @IsOptional()
  @IsBoolean()
  complete_onboarding?: boolean = false;
}
