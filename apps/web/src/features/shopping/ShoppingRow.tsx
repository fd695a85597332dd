import CloudUpload from 'lucide-react/icons/cloud-upload';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatQuantity } from '../../lib/format';
import { Badge, CheckCircle, ListRow, Stepper, Thumbnail } from '../../ui';
import type { ShoppingRowView } from './shopping-view';

/** How an amount reads: "2 packs", "0.5 kg", or just the number without a unit. */
export function amountText(amount: number, unit: string | null | undefined, locale: string): string {
  const number = formatQuantity(amount, locale);
  return unit ? `${number} ${unit}` : number;
}

interface ShoppingRowProps {
  row: ShoppingRowView;
  canWrite: boolean;
  onCheck: (row: ShoppingRowView, checked: boolean) => void;
  onAmount: (row: ShoppingRowView, amount: number) => void;
  onOpen: (row: ShoppingRowView) => void;
  /** During a trip: the grip that moves the row in the store's order. */
  handle?: ReactNode;
}

/**
 * One item: photo, name, amount and note; a tap on it opens the note, the stepper changes the
 * amount, the circle checks it off. A change that has not reached the server yet says so.
 */
export function ShoppingRow({ row, canWrite, onCheck, onAmount, onOpen, handle }: ShoppingRowProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const { item } = row;
  const unit = item.quantity_unit_name;
  // With a stepper the amount is written there already; the line under the name is for the note.
  // During a trip a phone has no room for the stepper beside the grip: the amount is written here instead (CSS picks one).
  const compactAmount = canWrite && handle !== undefined ? t('shopping.trip.rowAmount', { amount: amountText(item.desired_quantity, unit, locale) }) : null;
  const parts = [canWrite ? null : amountText(item.desired_quantity, unit, locale), item.notes || null].filter((part) => part !== null);
  const subtitle = (
    <>
      {compactAmount && <span className="trip-row-amount">{compactAmount}</span>}
      {parts.length > 0 && <span className="shopping-note">{parts.join(' · ')}</span>}
      {row.waiting > 0 && (
        <>
          <Badge tone="info" icon={CloudUpload} className="shopping-waiting-badge" data-testid="shopping-row-waiting">
            {t('shopping.sync.rowWaiting')}
          </Badge>
        </>
      )}
    </>
  );
  return (
    <ListRow
      className={['shopping-row', row.checked && 'shopping-row--checked', handle !== undefined && 'trip-row'].filter(Boolean).join(' ')}
      title={item.label}
      // The small photo leaves the name room beside the stepper on a phone.
      leading={<Thumbnail name={item.label} src={item.product_image_url} size="sm" />}
      subtitle={parts.length > 0 || row.waiting > 0 || compactAmount ? subtitle : undefined}
      onClick={canWrite ? () => onOpen(row) : undefined}
      chevron={false}
      action={
        canWrite ? (
          <div className="shopping-row-actions">
            <Stepper
              className="shopping-stepper"
              value={item.desired_quantity}
              min={Math.min(1, item.desired_quantity)}
              max={1_000_000}
              onChange={(amount) => onAmount(row, amount)}
              label={t('shopping.amount', { label: item.label })}
              decreaseLabel={t('shopping.decrease', { label: item.label })}
              increaseLabel={t('shopping.increase', { label: item.label })}
              format={(value) => amountText(value, unit, locale)}
              disabled={row.checked}
            />
            <CheckCircle checked={row.checked} onChange={(checked) => onCheck(row, checked)} label={t('shopping.check', { label: item.label })} />
            {handle}
          </div>
        ) : undefined
      }
    />
  );
}
