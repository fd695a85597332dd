import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A WebAuthn credential of a user: its public key and signature counter (no private material exists here). */
@Entity({ name: 'passkeys' })
export class PasskeyEntity {
  @PrimaryColumn({ type: 'text' })
  id: string;

  @Index('idx_passkeys_user')
  @Column({ name: 'user_id', type: 'text' })
  userId: string;

  /** The authenticator's credential id, base64url. */
  @Index('idx_passkeys_credential', { unique: true })
  @Column({ name: 'credential_id', type: 'text' })
  credentialId: string;

  /** COSE public key, base64url. */
  @Column({ name: 'public_key', type: 'text' })
  publicKey: string;

  @Column({ type: 'integer' })
  counter: number;

  @Column({ type: 'simple-json' })
  transports: string[];

  @Column({ name: 'device_type', type: 'text' })
  deviceType: string;

  @Column({ name: 'backed_up', type: 'boolean' })
  backedUp: boolean;

  @Column({ type: 'text' })
  name: string;

  @Column({ name: 'created_at', type: 'text' })
  createdAt: string;

  @Column({ name: 'last_used_at', type: 'text', nullable: true })
  lastUsedAt: string | null;
}
