import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverDetail } from '../../../app/server-detail';
import { Button, Field, Input, Sheet } from '../../../ui';
import { useStores } from './trip-api';

interface StartTripSheetProps {
  busy: boolean;
  problem: unknown;
  onClose: () => void;
  onStart: (storeName: string) => void;
}

/** "Start shopping": the store, one of those known (the last one preselected) or a new name. */
export function StartTripSheet({ busy, problem, onClose, onStart }: StartTripSheetProps) {
  const { t } = useTranslation();
  const stores = useStores(true);
  const listId = useId();
  const [name, setName] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const preselected = stores.data?.last_store_name ?? '';
  const value = name ?? preselected;
  const blank = value.trim() === '';
  const failure = problem ? (serverDetail(problem) ?? t('shopping.trip.startFailed')) : undefined;
  const submit = () => {
    setTouched(true);
    if (!blank) onStart(value.trim());
  };
  return (
    <Sheet
      open
      onClose={onClose}
      title={t('shopping.trip.startTitle')}
      closeLabel={t('shopping.close')}
      footer={
        <div className="ui-cluster ui-cluster--end">
          <Button variant="secondary" onClick={onClose}>
            {t('shopping.cancel')}
          </Button>
          <Button onClick={submit} disabled={busy} data-testid="trip-begin">
            {t('shopping.trip.begin')}
          </Button>
        </div>
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Field label={t('shopping.trip.store')} hint={t('shopping.trip.storeHint')} error={(touched && blank ? t('shopping.trip.storeRequired') : undefined) ?? failure}>
          <Input name="store" list={listId} autoComplete="off" maxLength={80} value={value} onChange={(event) => setName(event.currentTarget.value)} data-testid="trip-store" />
        </Field>
        <datalist id={listId}>
          {stores.data?.stores.map((store) => (
            <option key={store.name} value={store.name} />
          ))}
        </datalist>
      </form>
    </Sheet>
  );
}
