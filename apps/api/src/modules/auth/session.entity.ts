import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { UserEntity } from './user.entity.js';

export const AUTHENTICATION_METHODS = ['password', 'recovery_code', 'passkey', 'invitation', 'setup'] as const;
export type AuthenticationMethod = (typeof AUTHENTICATION_METHODS)[number];

/** A signed-in browser. The cookie holds a random token; only its SHA-256 is stored here. */
@Entity({ name: 'sessions' })
export class SessionEntity {
  @PrimaryColumn({ type: 'text' })
  id: string;

  @Index('idx_sessions_user')
  @Column({ name: 'user_id', type: 'text' })
  userId: string;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: Relation<UserEntity>;

  @Index('idx_sessions_token_hash', { unique: true })
  @Column({ name: 'token_hash', type: 'text' })
  tokenHash: string;

  /** "Browser · Device" from the User-Agent; the full string is never stored. */
  @Column({ name: 'device_name', type: 'text' })
  deviceName: string;

  @Column({ name: 'authentication_method', type: 'text' })
  authenticationMethod: AuthenticationMethod;

  @Column({ name: 'created_at', type: 'text' })
  createdAt: string;

  @Column({ name: 'last_seen_at', type: 'text' })
  lastSeenAt: string;

  /** Fixed 30 days after creation; sessions do not slide. */
  @Column({ name: 'expires_at', type: 'text' })
  expiresAt: string;

  /** When the user last proved their identity in this session (recent authentication). */
  @Column({ name: 'authenticated_at', type: 'text' })
  authenticatedAt: string;

  @Column({ name: 'revoked_at', type: 'text', nullable: true })
  revokedAt: string | null;
}
