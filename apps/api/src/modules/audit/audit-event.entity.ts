import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One audited mutation. It names the route template (never the raw path), the outcome and the
 * status, and which user or token acted; never request bodies, secrets, addresses or user agents.
 */
@Entity({ name: 'audit_events' })
@Index('idx_audit_events_created', ['createdAt'])
export class AuditEventEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'created_at', type: 'text' })
  createdAt: string;

  @Column({ type: 'text' })
  category: string;

  /** "METHOD /route/{template}". */
  @Column({ type: 'text' })
  action: string;

  @Column({ type: 'text' })
  outcome: 'success' | 'failure';

  @Column({ name: 'status_code', type: 'integer' })
  statusCode: number;

  @Column({ name: 'actor_user_id', type: 'text', nullable: true })
  actorUserId: string | null;

  @Column({ name: 'token_id', type: 'text', nullable: true })
  tokenId: string | null;
}
