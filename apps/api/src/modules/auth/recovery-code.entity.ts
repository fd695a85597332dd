import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** One single-use recovery code, stored as the SHA-256 of its normalised form. */
@Entity({ name: 'recovery_codes' })
export class RecoveryCodeEntity {
  @PrimaryColumn({ type: 'text' })
  id: string;

  @Index('idx_recovery_codes_user')
  @Column({ name: 'user_id', type: 'text' })
  userId: string;

  @Column({ name: 'code_hash', type: 'text' })
  codeHash: string;

  @Column({ name: 'created_at', type: 'text' })
  createdAt: string;

  @Column({ name: 'used_at', type: 'text', nullable: true })
  usedAt: string | null;
}
