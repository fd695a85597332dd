import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** One failed sign-in step from one source (an HMAC of the client address, never the address). */
@Entity({ name: 'login_failures' })
@Index('idx_login_failures_source', ['sourceHash', 'createdAt'])
export class LoginFailureEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'source_hash', type: 'text' })
  sourceHash: string;

  @Column({ name: 'created_at', type: 'text' })
  createdAt: string;
}
