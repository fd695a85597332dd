import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** One passkey ceremony in progress: valid 5 minutes, used once, bound to its origin (and user and session for registration). */
@Entity({ name: 'webauthn_challenges' })
@Index('idx_webauthn_challenges_source', ['sourceHash', 'expiresAt'])
export class WebAuthnChallengeEntity {
  /** SHA-256 of the `challenge_id` handed to the browser. */
  @PrimaryColumn({ name: 'id_hash', type: 'text' })
  idHash: string;

  @Column({ type: 'text' })
  kind: 'registration' | 'authentication';

  @Column({ type: 'text' })
  challenge: string;

  @Column({ type: 'text' })
  origin: string;

  @Column({ name: 'rp_id', type: 'text' })
  rpId: string;

  @Column({ name: 'user_id', type: 'text', nullable: true })
  userId: string | null;

  @Column({ name: 'session_id', type: 'text', nullable: true })
  sessionId: string | null;

  /** HMAC of the source that asked (as for sign-in throttling); open challenges are capped per source. */
  @Column({ name: 'source_hash', type: 'text', default: '' })
  sourceHash: string;

  @Column({ name: 'expires_at', type: 'text' })
  expiresAt: string;

  @Column({ name: 'consumed_at', type: 'text', nullable: true })
  consumedAt: string | null;
}
