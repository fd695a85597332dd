import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { Role } from '@hinv/shared';

/** An invitation to join the household; the raw token is shown once, only its SHA-256 is kept. */
@Entity({ name: 'invitations' })
export class InvitationEntity {
  @PrimaryColumn({ type: 'text' })
  id: string;

  @Column({ type: 'text' })
  email: string;

  @Column({ name: 'display_name', type: 'text' })
  displayName: string;

  @Column({ type: 'text' })
  role: Role;

  @Index('idx_invitations_token_hash', { unique: true })
  @Column({ name: 'token_hash', type: 'text' })
  tokenHash: string;

  @Column({ name: 'invited_by', type: 'text' })
  invitedBy: string;

  @Column({ name: 'created_at', type: 'text' })
  createdAt: string;

  @Column({ name: 'expires_at', type: 'text' })
  expiresAt: string;

  @Column({ name: 'accepted_at', type: 'text', nullable: true })
  acceptedAt: string | null;

  @Column({ name: 'revoked_at', type: 'text', nullable: true })
  revokedAt: string | null;
}
