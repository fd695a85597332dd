import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The household's monthly EUR limit: one row (id 1) while a limit is set, none once it is cleared. */
@Entity({ name: 'budget_settings' })
export class BudgetSettingsEntity {
  @PrimaryColumn({ type: 'integer' })
  id: number;

  /** The limit in euro cents. */
  @Column({ name: 'monthly_limit_cents', type: 'integer' })
  monthlyLimitCents: number;

  @Column({ name: 'warning_percent', type: 'integer' })
  warningPercent: number;

  @Column({ name: 'updated_at', type: 'text' })
  updatedAt: string;
}
