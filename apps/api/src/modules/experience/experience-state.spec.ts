import { describe, expect, it } from 'vitest';
import type { ExperienceStateEntity } from './experience-state.entity.js';
import { toExperienceState } from './experience.service.js';

const row = (completed: string | null, acknowledged: string | null): ExperienceStateEntity => ({
  userId: 'u1',
  onboardingCompletedAt: completed,
  lastAcknowledgedVersion: acknowledged,
  updatedAt: '2026-11-22T00:00:00.000Z',
});

describe('toExperienceState', () => {
  it('asks a new user for onboarding and shows no release notes yet', () => {
    const state = toExperienceState(null, 'en', '0.1.0');
    expect(state).toMatchObject({ current_version: '0.1.0', onboarding_required: true, onboarding_completed: false, release_notes_pending: false, last_acknowledged_version: null });
    expect(state.release.version).toBe('0.1.0');
  });

  it('shows the notes of a newer release once to a user who finished onboarding', () => {
    expect(toExperienceState(row('2026-01-01T00:00:00Z', '0.0.9'), 'en', '0.1.0').release_notes_pending).toBe(true);
    expect(toExperienceState(row('2026-01-01T00:00:00Z', '0.1.0'), 'en', '0.1.0').release_notes_pending).toBe(false);
  });

  it('writes the release note in the user language, with a generic note for unknown versions', () => {
    expect(toExperienceState(null, 'de', '0.1.0').release.title).toBe('Willkommen bei Household Inventory');
    expect(toExperienceState(null, 'de', '9.9.9').release).toEqual({ version: '9.9.9', title: 'Version 9.9.9', summary: 'Household Inventory wurde aktualisiert.', highlights: [] });
  });
});
