import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Per-user onboarding and release-note state. One row per user, created on first change;
 * a user without a row has not completed onboarding and acknowledged nothing.
 */
@Entity({ name: 'user_experience' })
export class ExperienceStateEntity {
  @PrimaryColumn({ name: 'user_id', type: 'text' })
  userId: string;

  @Column({ name: 'onboarding_completed_at', type: 'text', nullable: true })
  onboardingCompletedAt: string | null;

  @Column({ name: 'last_acknowledged_version', type: 'text', nullable: true })
  lastAcknowledgedVersion: string | null;

  @Column({ name: 'updated_at', type: 'text' })
  updatedAt: string;
}
