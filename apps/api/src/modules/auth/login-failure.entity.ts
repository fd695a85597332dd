import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One counted sign-in step: a failure, or a step still running (it is counted before any
 * password hash runs and deleted when it succeeds). Source and account are HMACs, never the
 * client address or the e-mail address.
 */
@Entity({ name: 'login_failures' })
@Index('idx_login_failures_source', ['sourceHash', 'createdAt'])
@Index('idx_login_failures_account', ['accountHash', 'createdAt'])
export class LoginFailureEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'source_hash', type: 'text' })
  sourceHash: string;

  /** The account the step targeted; empty for rows written before accounts were counted. */
  @Column({ name: 'account_hash', type: 'text', default: '' })
  accountHash: string;

  @Column({ name: 'created_at', type: 'text' })
  createdAt: string;
}
