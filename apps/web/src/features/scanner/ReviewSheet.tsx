import type { Schemas } from '@hinv/api-client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Barcode from 'lucide-react/icons/barcode';
import Check from 'lucide-react/icons/check';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import ScanBarcode from 'lucide-react/icons/scan-barcode';
import Trash2 from 'lucide-react/icons/trash-2';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../app/api-context';
import { sharedKeys } from '../../app/query-keys';
import { ok } from '../../lib/api-result';
import { Badge, Banner, Button, Field, Input, Select, Sheet, Stepper, Thumbnail } from '../../ui';
import { MODE_ICONS, MODES } from './mode-icons';
import type { ScanMode } from './offline-queue';
import { scannerKeys } from './query-keys';
import { newMutationId, problemCode, type Draft } from './scan-api';

/** Refusals the sheet explains in words; others get the generic text. */
const EXPLAINED = ['insufficient_stock', 'no_unopened_lot', 'scan_already_confirmed', 'scan_discarded', 'scan_not_changeable', 'validation_failed', 'product_not_found'];
/** The API's upper bound for one confirmation. */
const MAX_QUANTITY = 10_000;

type MasterData = Schemas['MasterDataResponse'];
const NO_MASTER_DATA: MasterData = { locations: [], quantity_units: [], product_groups: [] };

export interface ReviewSheetProps {
  draft: Draft;
  /** Confirmed (with the message to show) or discarded (null): the draft is settled. */
  onDone: (message: string | null) => void;
  /** Closed without a decision, with the draft as it is now (its mode may have changed). */
  onDismiss: (draft: Draft) => void;
  /** Scans that came while this sheet was open: each gets its sheet after this one. */
  waiting?: number;
}

/**
 * The review of one draft: what it is (match or suggestion), what to do (mode), how much, and
 * confirm or discard. Nothing changes until Confirm; a retried confirm reuses its key.
 * A bottom sheet on phones, a dialog on wider screens.
 */
export function ReviewSheet({ draft: initial, onDone, onDismiss, waiting = 0 }: ReviewSheetProps) {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const formId = useId();
  // A typed amount the stepper cannot use keeps Confirm off instead of confirming the old one.
  const [amountUsable, setAmountUsable] = useState(true);
  const [draft, setDraft] = useState(initial);
  const [confirmKey] = useState(() => newMutationId('confirm'));
  const suggestion = (draft.suggestion ?? {}) as Record<string, string | null>;
  const [name, setName] = useState(suggestion.name ?? '');
  const [quantity, setQuantity] = useState(1);
  const [bestBefore, setBestBefore] = useState('');
  const [locationId, setLocationId] = useState('');
  // Only for a new product: the details it is created with (the suggestion fills what it knows).
  const [brand, setBrand] = useState(suggestion.brand ?? '');
  const [unitId, setUnitId] = useState('');
  const [groupId, setGroupId] = useState('');
  const [bestBeforeDays, setBestBeforeDays] = useState('');
  const [packageLabel, setPackageLabel] = useState(suggestion.quantity ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const known = draft.product_id !== null && draft.product_id !== undefined;
  const hasQuantity = draft.mode !== 'identify' && draft.mode !== 'open';

  const masterDataQuery = useQuery({ queryKey: scannerKeys.masterData, queryFn: () => ok(api.GET('/api/v1/catalog/master-data')) });
  const masterData = masterDataQuery.data ?? NO_MASTER_DATA;

  const explain = (code: string) => setProblem(t(`review.problem.${EXPLAINED.includes(code) ? code : 'generic'}` as 'review.problem.generic'));

  const changeMode = async (mode: ScanMode) => {
    setProblem(null);
    try {
      const { data, error } = await api.PATCH('/api/v1/scans/{scan_id}', { params: { path: { scan_id: draft.id } }, body: { mode } });
      if (data) setDraft(data);
      else explain(problemCode(error));
    } catch {
      explain('offline');
    }
  };

  /** What a settled draft changed: the lists that show stock, the shopping list and the inbox. */
  const refreshAfterWrite = () => {
    for (const queryKey of [sharedKeys.unresolvedScans, sharedKeys.stock, ['shopping'], ['catalog']]) void queryClient.invalidateQueries({ queryKey });
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !amountUsable) return;
    setBusy(true);
    setProblem(null);
    try {
      const amount = quantity;
      const { data, error } = await api.POST('/api/v1/scans/{scan_id}/confirm', {
        params: { path: { scan_id: draft.id } },
        body: {
          client_mutation_id: confirmKey,
          ...(hasQuantity ? { quantity: amount } : {}),
          ...(known ? {} : newProductFields()),
          ...(draft.mode === 'add' && bestBefore ? { best_before_date: bestBefore } : {}),
          ...(draft.mode === 'add' && locationId && known ? { location_id: Number(locationId) } : {}),
        },
      });
      if (data) {
        refreshAfterWrite();
        // Confirming runs reconcile, which may settle waiting receipt lines (not only this product's).
        const matched = Number(data.action_result?.reconciled_receipt_items ?? 0);
        const done = t(`review.done.${draft.mode}`, { quantity: amount, name: data.product_name ?? name });
        onDone(matched > 0 ? `${done} ${t('review.done.receiptLines', { count: matched })}` : done);
      } else explain(problemCode(error));
    } catch {
      explain('offline');
    } finally {
      setBusy(false);
    }
  };

  /** "500 g" → 500 and "g"; anything else is left to the suggestion. */
  const newProductFields = () => {
    const pack = /^\s*(\d+(?:[.,]\d+)?)\s*([A-Za-zÄÖÜäöüß]+)\s*$/.exec(packageLabel);
    return {
      name: name.trim() || null,
      brand: brand.trim() || null,
      ...(locationId ? { location_id: Number(locationId) } : {}),
      ...(unitId ? { quantity_unit_id: Number(unitId) } : {}),
      ...(groupId ? { product_group_id: Number(groupId) } : {}),
      ...(bestBeforeDays ? { default_best_before_days: Number(bestBeforeDays) } : {}),
      ...(pack ? { package_amount: Number(pack[1].replace(',', '.')), package_unit: pack[2] } : {}),
    };
  };

  /** Discarding is a write too: a refusal or a lost connection is shown, and the sheet stays. */
  const discard = async () => {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const { error, response } = await api.DELETE('/api/v1/scans/{scan_id}', { params: { path: { scan_id: draft.id } } });
      if (response.ok) {
        refreshAfterWrite();
        onDone(null);
      } else explain(problemCode(error));
    } catch {
      explain('offline');
    } finally {
      setBusy(false);
    }
  };

  // An empty suggested name (Open Facts knows the code but not its name) shows the code.
  const title = draft.product_name ?? (suggestion.name || draft.barcode_normalized);
  const image = draft.product_image_url ?? (known ? null : suggestion.image_url);
  const ModeIcon = MODE_ICONS[draft.mode];
  return (
    <Sheet
      open
      onClose={() => onDismiss(draft)}
      title={<span id="review-heading">{title}</span>}
      closeLabel={t('review.close')}
      className="review-sheet"
      footer={
        <>
          <Button variant="quiet" size="lg" icon={Trash2} onClick={() => void discard()} aria-disabled={busy || undefined}>
            {t('review.discard')}
          </Button>
          <Button type="submit" form={formId} size="lg" icon={Check} loading={busy} disabled={!amountUsable}>
            {t('review.confirm')}
          </Button>
        </>
      }
    >
      <form id={formId} className="review-form" onSubmit={confirm} data-testid="review-sheet">
        {/* Always in the sheet, so a screen reader hears each new count; the badge only shows it. */}
        <p className="ui-visually-hidden" role="status">
          {waiting > 0 ? t('review.waiting', { count: waiting }) : ''}
        </p>
        {waiting > 0 && (
          <p className="review-waiting" aria-hidden="true">
            <Badge tone="accent" icon={ScanBarcode} data-testid="review-waiting">
              {t('review.waiting', { count: waiting })}
            </Badge>
          </p>
        )}
        <div className="review-summary">
          {image || title !== draft.barcode_normalized ? (
            <Thumbnail name={title} src={image} size="lg" />
          ) : (
            <span className="review-code-tile" aria-hidden="true">
              <Barcode />
            </span>
          )}
          <div className="review-summary-text">
            {title !== draft.barcode_normalized && <span className="review-barcode">{draft.barcode_normalized}</span>}
            <span>
              {known ? (
                <Badge tone="accent">{t('review.known', { stock: draft.stock_quantity ?? 0 })}</Badge>
              ) : (
                <Badge tone="warning">{t('review.unknown')}</Badge>
              )}
            </span>
            {!known && suggestion.source && <span className="review-note">{t('review.attribution', { source: suggestion.source, licence: suggestion.database_license ?? '' })}</span>}
          </div>
        </div>
        {draft.upstream_error && <Banner tone="info">{t('review.upstream')}</Banner>}

        <Field label={t('review.mode')}>
          {(control) => (
            <div className="review-mode">
              <ModeIcon className="review-mode-icon" aria-hidden="true" />
              <Select {...control} name="mode" value={draft.mode} onChange={(e) => void changeMode(e.target.value as ScanMode)}>
                {MODES.map((mode) => (
                  <option key={mode} value={mode}>
                    {t(`scanner.mode.${mode}`)}
                  </option>
                ))}
              </Select>
            </div>
          )}
        </Field>

        {!known && (
          <Field label={t('review.name')}>
            <Input name="name" required maxLength={300} value={name} onChange={(e) => setName(e.target.value)} />
          </Field>
        )}

        {hasQuantity && (
          <div className="review-quantity">
            <span className="review-label" aria-hidden="true">
              {t('review.quantity')}
            </span>
            <Stepper
              size="lg"
              value={quantity}
              onChange={setQuantity}
              min={1}
              max={MAX_QUANTITY}
              // Weighed and loose goods: 0.5 kg can be typed, the buttons count whole packages.
              editable
              typedMin={0.001}
              onTypedValidity={setAmountUsable}
              label={t('review.quantity')}
              decreaseLabel={t('review.less')}
              increaseLabel={t('review.more')}
            />
          </div>
        )}

        {(draft.mode === 'add' || !known) && (
          <div className="review-grid">
            {draft.mode === 'add' && (
              <Field label={t('review.bestBefore')}>
                <Input name="best_before_date" type="date" value={bestBefore} onChange={(e) => setBestBefore(e.target.value)} />
              </Field>
            )}
            <Field label={t('review.location')} className={draft.mode === 'add' ? undefined : 'review-wide'}>
              <Select name="location_id" value={locationId} onChange={(e) => setLocationId(e.target.value)}>
                <option value="">{t('review.defaultLocation')}</option>
                {masterData.locations.map((location) => (
                  <option key={location.id} value={location.id}>
                    {location.name}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
        )}

        {!known && (
          <fieldset className="review-details">
            <legend className="review-details-title">{t('review.details')}</legend>
            <div className="review-grid">
              <Field label={t('review.brand')}>
                <Input name="brand" maxLength={200} value={brand} onChange={(e) => setBrand(e.target.value)} />
              </Field>
              <Field label={t('review.package')}>
                <Input name="package" maxLength={60} placeholder="500 g" value={packageLabel} onChange={(e) => setPackageLabel(e.target.value)} />
              </Field>
              <Field label={t('review.unit')}>
                <Select name="quantity_unit_id" value={unitId} onChange={(e) => setUnitId(e.target.value)}>
                  <option value="">–</option>
                  {masterData.quantity_units.map((unit) => (
                    <option key={unit.id} value={unit.id}>
                      {unit.name}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label={t('review.group')}>
                <Select name="product_group_id" value={groupId} onChange={(e) => setGroupId(e.target.value)}>
                  <option value="">–</option>
                  {masterData.product_groups.map((group) => (
                    <option key={group.id} value={group.id}>
                      {group.name}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label={t('review.bestBeforeDays')} className="review-wide">
                <Input name="default_best_before_days" type="number" inputMode="numeric" min={0} max={3650} value={bestBeforeDays} onChange={(e) => setBestBeforeDays(e.target.value)} />
              </Field>
            </div>
          </fieldset>
        )}

        {masterDataQuery.isError && (
          <Banner
            tone="warning"
            role="alert"
            action={
              <Button variant="quiet" icon={RefreshCw} onClick={() => void masterDataQuery.refetch()}>
                {t('scanner.retry')}
              </Button>
            }
          >
            {t('review.masterDataFailed')}
          </Banner>
        )}
        {problem && (
          <Banner tone="danger" role="alert" data-testid="review-problem">
            {problem}
          </Banner>
        )}
      </form>
    </Sheet>
  );
}
