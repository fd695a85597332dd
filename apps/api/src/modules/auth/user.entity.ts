import { randomUUID } from 'node:crypto';
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import type { Locale, Role } from '@hinv/shared';
import { HouseholdEntity } from './household.entity.js';

/**
 * A household member. An installation holds one household, so the membership (role, active)
 * lives on the user row; blocking sets `active = false` on both at once.
 */
@Entity({ name: 'users' })
export class UserEntity {
  @PrimaryColumn({ type: 'text' })
  id: string;

  @Column({ name: 'household_id', type: 'text' })
  householdId: string;

  @ManyToOne(() => HouseholdEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'household_id' })
  household?: Relation<HouseholdEntity>;

  /** Lower-cased; the sign-in identifier. The first owner may have none. */
  @Index('idx_users_email', { unique: true })
  @Column({ type: 'text', nullable: true })
  email: string | null;

  @Column({ name: 'display_name', type: 'text' })
  displayName: string;

  @Column({ type: 'text' })
  role: Role;

  @Column({ name: 'password_hash', type: 'text' })
  passwordHash: string;

  @Column({ name: 'preferred_locale', type: 'text' })
  preferredLocale: Locale;

  @Column({ name: 'owner_setup_complete', type: 'boolean', default: false })
  ownerSetupComplete: boolean;

  @Column({ type: 'boolean', default: true })
  active: boolean;

  /** TOTP secret, sealed with the installation key; null until setup starts. */
  @Column({ name: 'totp_secret', type: 'text', nullable: true })
  totpSecret: string | null;

  @Column({ name: 'totp_enabled', type: 'boolean', default: false })
  totpEnabled: boolean;

  /** The last accepted TOTP time step; a code for this step or an earlier one is a replay. */
  @Column({ name: 'totp_last_step', type: 'integer', nullable: true })
  totpLastStep: number | null;

  @Column({ name: 'created_at', type: 'text' })
  createdAt: string;

  @Column({ name: 'updated_at', type: 'text' })
  updatedAt: string;
}

export type NewUser = Pick<UserEntity, 'householdId' | 'email' | 'displayName' | 'role' | 'passwordHash' | 'preferredLocale' | 'ownerSetupComplete'>;

/** A new active user row without a second factor: the one way users are created. */
export function newUserRow(fields: NewUser, now: string): UserEntity {
  return Object.assign(new UserEntity(), {
    id: randomUUID(),
    ...fields,
    active: true,
    totpSecret: null,
    totpEnabled: false,
    totpLastStep: null,
    createdAt: now,
    updatedAt: now,
  });
}
