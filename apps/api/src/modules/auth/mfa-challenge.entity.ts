import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** The second step of a sign-in with TOTP on: valid 5 minutes, single use, bound to the source. */
@Entity({ name: 'mfa_challenges' })
export class MfaChallengeEntity {
  @PrimaryColumn({ type: 'text' })
  id: string;

  @Column({ name: 'user_id', type: 'text' })
  userId: string;

  @Index('idx_mfa_challenges_hash', { unique: true })
  @Column({ name: 'challenge_hash', type: 'text' })
  challengeHash: string;

  /** HMAC of the client address that started the sign-in. */
  @Column({ name: 'source_hash', type: 'text' })
  sourceHash: string;

  @Column({ name: 'expires_at', type: 'text' })
  expiresAt: string;

  @Column({ name: 'consumed_at', type: 'text', nullable: true })
  consumedAt: string | null;
}
