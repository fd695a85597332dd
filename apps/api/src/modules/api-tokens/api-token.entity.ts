import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import type { ApiTokenScope } from '@hinv/shared';
import { UserEntity } from '../auth/user.entity.js';

/** A scoped automation credential. Only the SHA-256 of the whole raw token is stored. */
@Entity({ name: 'api_tokens' })
export class ApiTokenEntity {
  @PrimaryColumn({ type: 'text' })
  id: string;

  @Index('idx_api_tokens_user')
  @Column({ name: 'user_id', type: 'text' })
  userId: string;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: Relation<UserEntity>;

  @Column({ type: 'text' })
  name: string;

  /** The 8 random characters after `hinv_pat_`; unique, shown to identify the token. */
  @Index('idx_api_tokens_prefix', { unique: true })
  @Column({ type: 'text' })
  prefix: string;

  @Index('idx_api_tokens_hash', { unique: true })
  @Column({ name: 'token_hash', type: 'text' })
  tokenHash: string;

  /** Created as a scanner station: scans made with it carry its name as `station_name`. */
  @Column({ type: 'boolean', default: false })
  station: boolean;

  /** Sorted, de-duplicated scopes. */
  @Column({ type: 'simple-json' })
  scopes: ApiTokenScope[];

  @Column({ name: 'created_at', type: 'text' })
  createdAt: string;

  @Column({ name: 'expires_at', type: 'text' })
  expiresAt: string;

  @Column({ name: 'last_used_at', type: 'text', nullable: true })
  lastUsedAt: string | null;

  @Column({ name: 'revoked_at', type: 'text', nullable: true })
  revokedAt: string | null;
}
