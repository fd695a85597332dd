import type { Schemas } from '@hinv/api-client';
import { useQuery } from '@tanstack/react-query';
import Plus from 'lucide-react/icons/plus';
import ShoppingBasket from 'lucide-react/icons/shopping-basket';
import ShoppingCart from 'lucide-react/icons/shopping-cart';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../app/api-context';
import { serverDetail } from '../../app/server-detail';
import { sharedKeys } from '../../app/query-keys';
import { useSession } from '../../app/session';
import { ok } from '../../lib/api-result';
import { Badge, Banner, Button, Card, EmptyState, List, Skeleton, useToast } from '../../ui';
import { AddItemSheet } from './AddItemSheet';
import { NotesSheet } from './NotesSheet';
import { RefillSheet } from './RefillSheet';
import { groupByProductGroup } from './shopping-groups';
import { CHANGE_LIMIT, type RefusedChange } from './shopping-queue';
import type { ShoppingRowView } from './shopping-view';
import { ShoppingRow } from './ShoppingRow';
import { OrderedList } from './trips/OrderedList';
import { StartTripSheet } from './trips/StartTripSheet';
import { sortByStoreOrder } from './trips/store-order';
import { TripBar } from './trips/TripBar';
import { useTrip } from './trips/trip-api';
import { lookOf, useShopping } from './use-shopping';
import './shopping.css';

type Proposal = Schemas['ShoppingLowStockItemResponse'];

/** The shopping list of the signed-in person; viewers read it, members change it. */
export function ShoppingScreen() {
  // Offline too: every change waits in the shopping queue until it can be sent.
  const { canQueue } = useSession();
  return <ShoppingList canWrite={canQueue} />;
}

/** A proposal still worth reviewing: not on the list yet, or on it with less than suggested. */
const needsRefill = (proposal: Proposal) => !proposal.existing_item_id || (proposal.existing_desired_quantity ?? 0) < proposal.suggested_quantity;

/** Rows still loading. */
function ListSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="shopping-skeleton" aria-busy="true">
      <span className="ui-visually-hidden">{t('shopping.loading')}</span>
      {[0, 1, 2, 3].map((index) => (
        <div key={index} className="shopping-skeleton-row">
          <Skeleton width={48} height={48} radius="md" />
          <div className="ui-stack ui-stack--tight shopping-skeleton-text">
            <Skeleton width="60%" height={16} />
            <Skeleton width="30%" height={12} />
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * The open shopping list, aisle by aisle: check items off (with undo), change amounts and notes,
 * add products, and review refill proposals. Works without a signal: the list is kept on the
 * device and every change waits in a queue until it can be sent.
 */
function ShoppingList({ canWrite }: { canWrite: boolean }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const api = useApi();
  const toast = useToast();
  const [refillOpen, setRefillOpen] = useState(false);
  const [adding, setAdding] = useState(false);
  const [notesRow, setNotesRow] = useState<ShoppingRowView | null>(null);
  const [starting, setStarting] = useState(false);
  const trips = useTrip();
  const trip = trips.trip;

  const reason = useCallback(
    (record: RefusedChange) => {
      if (record.code === 'stale_update') return t('shopping.refused.stale');
      if (record.code === 'shopping_item_not_found') return t('shopping.refused.gone');
      return record.detail ?? t('shopping.refused.generic');
    },
    [t],
  );
  const onRefused = useCallback(
    (records: RefusedChange[]) => {
      for (const record of records) toast.show({ variant: 'error', message: t('shopping.refused.toast', { label: record.label, reason: reason(record) }) });
    },
    [toast, t, reason],
  );
  const shopping = useShopping(onRefused);
  const lowStock = useQuery({ queryKey: sharedKeys.lowStock, queryFn: () => ok(api.GET('/api/v1/shopping-list/low-stock')), enabled: canWrite });
  const proposals = (lowStock.data?.items ?? []).filter(needsRefill);

  // During a trip every check-off (and its undo) carries the trip: the store's order is learned from them.
  const tripId = trip?.id;
  const check = (row: ShoppingRowView, checked: boolean) => {
    void shopping.setChecked(row, checked, tripId);
    if (!checked) return;
    toast.show({
      message: t('shopping.checked', { label: row.item.label }),
      action: { label: t('shopping.undo'), onAction: () => void shopping.setChecked({ ...row, checked: true }, false, tripId) },
    });
  };
  const moveProblem = (error: unknown) => toast.show({ variant: 'error', message: serverDetail(error) ?? t('shopping.trip.moveFailed') });
  const place = (placement: Parameters<typeof trips.place.mutateAsync>[0]['placement']) =>
    trip ? trips.place.mutateAsync({ storeId: trip.store_id, placement }).catch(moveProblem) : Promise.resolve();
  const { rows, list } = shopping;
  const groups = rows && !trip ? groupByProductGroup(rows.map((row) => ({ row, product_group_name: row.item.product_group_name })), locale) : [];
  const walked = rows && trip ? sortByStoreOrder(rows, (row) => row.item, trips.order, locale) : [];
  const renderRow = (row: ShoppingRowView, handle?: ReactNode) => (
    <ShoppingRow
      key={row.key}
      row={row}
      canWrite={canWrite}
      onCheck={check}
      onAmount={(changed, amount) => void shopping.setAmount(changed, amount)}
      onOpen={setNotesRow}
      handle={handle}
    />
  );
  // Until the device's queue is read, neither the trip nor "nothing waiting" is said: what waits is not known yet.
  if (!shopping.ready) {
    return (
      <section className="shopping ui-stack" aria-labelledby="shopping-heading">
        <h2 id="shopping-heading">{t('shopping.heading')}</h2>
        <ListSkeleton />
      </section>
    );
  }
  const listProblem = list.isError ? (serverDetail(list.error) ?? t('shopping.loadFailed')) : null;

  return (
    <section className="shopping ui-stack" aria-labelledby="shopping-heading">
      <div className="shopping-head">
        <h2 id="shopping-heading">{t('shopping.heading')}</h2>
        {canWrite && (
          <div className="ui-cluster">
            {!trip && (
              <Button icon={ShoppingCart} onClick={() => setStarting(true)} disabled={!shopping.online} data-testid="trip-start">
                {t('shopping.trip.start')}
              </Button>
            )}
            <Button icon={Plus} variant="secondary" onClick={() => setAdding(true)}>
              {t('shopping.add.open')}
            </Button>
          </div>
        )}
      </div>
      {canWrite && !trip && !shopping.online && <p className="muted shopping-trip-hint">{t('shopping.trip.needsSignal')}</p>}
      {trip && (
        <TripBar
          trip={trip}
          order={trips.order}
          busy={trips.end.isPending || trips.reset.isPending}
          ending={trips.end.isPending}
          onDone={() =>
            void trips.end.mutateAsync(trip.id).then(
              () => toast.show({ message: t('shopping.trip.ended', { store: trip.store_name }) }),
              (error: unknown) => toast.show({ variant: 'error', message: serverDetail(error) ?? t('shopping.trip.endFailed') }),
            )
          }
          onReset={() => void trips.reset.mutateAsync(trip.store_id).catch(moveProblem)}
        />
      )}

      {!shopping.online && (
        <Banner tone="offline" title={t('shopping.sync.offlineTitle')} data-testid="shopping-offline">
          {t('shopping.sync.offline')}
        </Banner>
      )}
      {shopping.waiting > 0 && (
        <Banner
          tone="info"
          icon={undefined}
          title={<span data-testid="shopping-waiting">{t('shopping.sync.waiting', { count: shopping.waiting })}</span>}
          action={
            shopping.online && !shopping.needsSignIn ? (
              <Button variant="quiet" onClick={() => void shopping.sync()}>
                {t('shopping.sync.now')}
              </Button>
            ) : undefined
          }
        >
          {t('shopping.sync.kept')}
        </Banner>
      )}
      {shopping.full && (
        <Banner tone="warning" role="alert" title={t('shopping.sync.fullTitle')} data-testid="shopping-full">
          {t('shopping.sync.full', { count: CHANGE_LIMIT })}
        </Banner>
      )}
      {shopping.needsSignIn && (
        <Banner tone="warning" role="alert" title={t('shopping.sync.signInTitle')} data-testid="shopping-sign-in">
          {t('shopping.sync.signIn')}
        </Banner>
      )}
      {shopping.refused.length > 0 && (
        <Banner
          tone="danger"
          role="alert"
          title={t('shopping.refused.title', { count: shopping.refused.length })}
          data-testid="shopping-refused"
          action={
            <Button variant="quiet" onClick={() => void shopping.dismissRefused()}>
              {t('shopping.refused.dismiss')}
            </Button>
          }
        >
          <ul className="shopping-refused-list">
            {shopping.refused.map((record) => (
              <li key={record.id}>
                {t('shopping.refused.item', {
                  label: record.label,
                  change: t(`shopping.refused.action.${record.action}`, { quantity: record.quantity ?? '' }),
                  reason: reason(record),
                })}
              </li>
            ))}
          </ul>
        </Banner>
      )}
      {listProblem && shopping.online && (
        <Banner
          tone="danger"
          role="alert"
          action={
            <Button variant="quiet" onClick={() => void list.refetch()}>
              {t('shopping.retry')}
            </Button>
          }
        >
          {rows ? t('shopping.fromDevice', { problem: listProblem }) : listProblem}
        </Banner>
      )}
      {canWrite && proposals.length > 0 && (
        <Banner
          tone="warning"
          data-testid="refill-banner"
          action={
            <Button variant="secondary" onClick={() => setRefillOpen(true)}>
              {t('shopping.refill.review')}
            </Button>
          }
        >
          {t('shopping.refill.banner', { count: proposals.length })}
        </Banner>
      )}

      {rows === null ? (
        <ListSkeleton />
      ) : rows.length === 0 ? (
        <Card>
          <EmptyState
            icon={ShoppingBasket}
            headingLevel={3}
            title={t('shopping.empty')}
            text={canWrite ? t('shopping.emptyText') : undefined}
            action={
              canWrite ? (
                <Button icon={Plus} onClick={() => setAdding(true)}>
                  {t('shopping.add.open')}
                </Button>
              ) : undefined
            }
          />
        </Card>
      ) : trip ? (
        <OrderedList
          placed={walked}
          keyOf={(row) => row.key}
          labelOf={(row) => row.item.label}
          productOf={(row) => row.item.product_id ?? null}
          renderRow={renderRow}
          canMove={canWrite}
          onPlaceProduct={(productId, position) => place({ kind: 'product', product_id: productId, position })}
          onPlaceGroup={(groupId, position) => place({ kind: 'group', product_group_id: groupId, position })}
          otherGroupLabel={t('shopping.otherGroup')}
        />
      ) : (
        <div className="shopping-groups" data-testid="shopping-list">
          {groups.map((group) => (
            <Card key={group.name ?? ''} flush title={group.name ?? t('shopping.otherGroup')} headingLevel={3} actions={<Badge count={group.items.length} aria-hidden="true" />}>
              <List>{group.items.map(({ row }) => renderRow(row))}</List>
            </Card>
          ))}
        </div>
      )}

      {refillOpen && (
        <RefillSheet
          open
          proposals={proposals}
          onClose={() => setRefillOpen(false)}
          onDone={(count) => {
            setRefillOpen(false);
            toast.show({ message: t('shopping.refill.done', { count }) });
          }}
        />
      )}
      {adding && (
        <AddItemSheet
          online={shopping.online}
          loadSaved={shopping.loadProducts}
          save={shopping.saveProducts}
          onClose={() => setAdding(false)}
          onAdd={(product, amount) => {
            setAdding(false);
            void shopping.add(
              lookOf({ label: product.name, product_id: product.id, product_name: product.name, product_image_url: product.image_url, quantity_unit_name: product.default_quantity_unit_name, product_group_name: product.product_group_name }),
              product.id,
              amount,
              '',
            );
            toast.show({ message: t('shopping.add.done', { label: product.name }) });
          }}
        />
      )}
      {starting && (
        <StartTripSheet
          busy={trips.start.isPending}
          problem={trips.start.error}
          onClose={() => setStarting(false)}
          onStart={(storeName) => void trips.start.mutateAsync(storeName).then(() => setStarting(false), () => undefined)}
        />
      )}
      {notesRow && (
        <NotesSheet
          row={notesRow}
          onClose={() => setNotesRow(null)}
          onSave={(notes) => {
            setNotesRow(null);
            void shopping.setNotes(notesRow, notes);
          }}
        />
      )}
    </section>
  );
}
