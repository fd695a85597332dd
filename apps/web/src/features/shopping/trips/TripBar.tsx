import Check from 'lucide-react/icons/check';
import Route from 'lucide-react/icons/route';
import { useTranslation } from 'react-i18next';
import { Button, Card } from '../../../ui';
import type { StoreOrder } from './store-order';
import type { Trip } from './trip-api';

interface TripBarProps {
  trip: Trip;
  order: StoreOrder | undefined;
  busy: boolean;
  /** "Done" was pressed and the trip is being ended. */
  ending: boolean;
  onDone: () => void;
  onReset: () => void;
}

/** The running trip: where, where the order comes from, and "Done". */
export function TripBar({ trip, order, busy, ending, onDone, onReset }: TripBarProps) {
  const { t, i18n } = useTranslation();
  const store = trip.store_name;
  const manual = order ? [...order.products, ...order.groups].some((entry) => entry.source === 'manual') : false;
  const source = !order
    ? null
    : order.trip_count > 0
      ? t('shopping.trip.source', { count: order.trip_count, store })
      : order.other_store_count > 0
        ? t('shopping.trip.sourceOtherStores', { store })
        : t('shopping.trip.sourceNone', { store });
  const endsAt = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { timeStyle: 'short' }).format(new Date(trip.ends_at));
  return (
    <Card className="trip-bar" data-testid="trip-bar">
      <div className="trip-bar-body">
        <Route className="trip-bar-icon" aria-hidden="true" />
        <div className="ui-stack ui-stack--tight trip-bar-text">
          <h3 className="trip-bar-title">{t('shopping.trip.at', { store })}</h3>
          {source && (
            <p className="trip-bar-source" data-testid="trip-source">
              {manual ? `${source} · ${t('shopping.trip.sourceManual')}` : source}
            </p>
          )}
          <p className="trip-bar-ends">{t('shopping.trip.endsAt', { time: endsAt })}</p>
        </div>
      </div>
      <div className="ui-cluster ui-cluster--end">
        {manual && (
          <Button variant="quiet" onClick={onReset} disabled={busy}>
            {t('shopping.trip.resetOrder')}
          </Button>
        )}
        <Button icon={Check} onClick={onDone} disabled={busy} loading={ending} data-testid="trip-done">
          {t('shopping.trip.done')}
        </Button>
      </div>
    </Card>
  );
}
