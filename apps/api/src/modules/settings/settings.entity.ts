import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The installation's settings: one row (id 1), created on the first save; until then the defaults
 * apply. The two API keys are sealed with the installation key (`common/crypto/secret-box.ts`,
 * listed in `secret-rotation.ts`) and are null when no key is set.
 */
@Entity({ name: 'instance_settings' })
export class SettingsEntity {
  @PrimaryColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'provider_type', type: 'text' })
  providerType: string;

  @Column({ name: 'provider_base_url', type: 'text' })
  providerBaseUrl: string;

  @Column({ name: 'provider_model', type: 'text' })
  providerModel: string;

  @Column({ name: 'provider_api_key', type: 'text', nullable: true })
  providerApiKey: string | null;

  @Column({ name: 'grocy_enabled', type: 'boolean' })
  grocyEnabled: boolean;

  @Column({ name: 'grocy_url', type: 'text' })
  grocyUrl: string;

  @Column({ name: 'grocy_api_key', type: 'text', nullable: true })
  grocyApiKey: string | null;

  @Column({ name: 'privacy_delete_image_after_analysis', type: 'boolean' })
  privacyDeleteImageAfterAnalysis: boolean;

  @Column({ name: 'privacy_retention_days', type: 'integer' })
  privacyRetentionDays: number;

  @Column({ name: 'updated_at', type: 'text' })
  updatedAt: string;
}
