import type { Schemas } from '@hinv/api-client';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../app/api-context';
import type { ScanMode } from './offline-queue';
import { newMutationId, problemCode, type Draft } from './scan-api';

const MODES: ScanMode[] = ['identify', 'add', 'consume', 'open', 'shopping'];
/** Refusals the sheet explains in words; others get the generic text. */
const EXPLAINED = ['insufficient_stock', 'no_unopened_lot', 'scan_already_confirmed', 'scan_discarded', 'scan_not_changeable', 'validation_failed', 'product_not_found'];

type Location = Schemas['MasterDataItemResponse'];

/**
 * The review of one draft: what it is (match or suggestion), what to do (mode), how much, and
 * confirm or discard. Nothing changes until Confirm; a retried confirm reuses its key.
 */
export function ReviewSheet({ draft: initial, onDone }: { draft: Draft; onDone: (message: string | null) => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const [draft, setDraft] = useState(initial);
  const [confirmKey] = useState(() => newMutationId('confirm'));
  const suggestion = (draft.suggestion ?? {}) as Record<string, string | null>;
  const [name, setName] = useState(suggestion.name ?? '');
  const [quantity, setQuantity] = useState('1');
  const [bestBefore, setBestBefore] = useState('');
  const [locationId, setLocationId] = useState('');
  const [masterData, setMasterData] = useState<Schemas['MasterDataResponse']>({ locations: [], quantity_units: [], product_groups: [] });
  const locations: Location[] = masterData.locations;
  // Only for a new product: the details it is created with (the suggestion fills what it knows).
  const [brand, setBrand] = useState(suggestion.brand ?? '');
  const [unitId, setUnitId] = useState('');
  const [groupId, setGroupId] = useState('');
  const [bestBeforeDays, setBestBeforeDays] = useState('');
  const [packageLabel, setPackageLabel] = useState(suggestion.quantity ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const known = draft.product_id !== null && draft.product_id !== undefined;

  useEffect(() => {
    api.GET('/api/v1/catalog/master-data').then(({ data }) => data && setMasterData(data), () => undefined);
  }, [api]);

  const explain = (code: string) => setProblem(t(`review.problem.${EXPLAINED.includes(code) ? code : 'generic'}` as 'review.problem.generic'));

  const changeMode = async (mode: ScanMode) => {
    const { data, error } = await api.PATCH('/api/v1/scans/{scan_id}', { params: { path: { scan_id: draft.id } }, body: { mode } });
    if (data) setDraft(data);
    else explain(problemCode(error));
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      const amount = Number(quantity.replace(',', '.'));
      const { data, error } = await api.POST('/api/v1/scans/{scan_id}/confirm', {
        params: { path: { scan_id: draft.id } },
        body: {
          client_mutation_id: confirmKey,
          ...(draft.mode === 'identify' || draft.mode === 'open' ? {} : { quantity: amount }),
          ...(known ? {} : newProductFields()),
          ...(draft.mode === 'add' && bestBefore ? { best_before_date: bestBefore } : {}),
          ...(draft.mode === 'add' && locationId && known ? { location_id: Number(locationId) } : {}),
        },
      });
      if (data) {
        // Confirming runs reconcile, which may settle waiting receipt lines (not only this product's).
        const matched = Number(data.action_result?.reconciled_receipt_items ?? 0);
        const done = t(`review.done.${draft.mode}`, { quantity: amount, name: data.product_name ?? name });
        onDone(matched > 0 ? `${done} ${t('review.done.receiptLines', { count: matched })}` : done);
      }
      else explain(problemCode(error));
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

  const discard = async () => {
    await api.DELETE('/api/v1/scans/{scan_id}', { params: { path: { scan_id: draft.id } } }).catch(() => undefined);
    onDone(null);
  };

  // An empty suggested name (Open Facts knows the code but not its name) shows the code.
  const title = draft.product_name ?? (suggestion.name || draft.barcode_normalized);
  return (
    <form className="card form sheet" onSubmit={confirm} aria-labelledby="review-heading" data-testid="review-sheet">
      <h2 id="review-heading">{title}</h2>
      <p className="muted">
        {draft.barcode_normalized} · {known ? t('review.known', { stock: draft.stock_quantity ?? 0 }) : t('review.unknown')}
      </p>
      {!known && suggestion.image_url && <img className="suggestion-image" src={suggestion.image_url} alt="" width="96" height="96" />}
      {!known && suggestion.source && (
        <p className="muted small">{t('review.attribution', { source: suggestion.source, licence: suggestion.database_license ?? '' })}</p>
      )}
      {draft.upstream_error && <p className="muted small">{t('review.upstream')}</p>}
      <fieldset className="modes">
        <legend>{t('review.mode')}</legend>
        {MODES.map((mode) => (
          <label key={mode} className={draft.mode === mode ? 'mode mode-active' : 'mode'}>
            <input type="radio" name="mode" value={mode} checked={draft.mode === mode} onChange={() => void changeMode(mode)} />
            {t(`scanner.mode.${mode}`)}
          </label>
        ))}
      </fieldset>
      {!known && (
        <>
          <label>
            {t('review.name')}
            <input name="name" required maxLength={300} value={name} onChange={(e) => setName(e.target.value)} />
          </label>
          <label>
            {t('review.brand')}
            <input name="brand" maxLength={200} value={brand} onChange={(e) => setBrand(e.target.value)} />
          </label>
          <label>
            {t('review.package')}
            <input name="package" maxLength={60} placeholder="500 g" value={packageLabel} onChange={(e) => setPackageLabel(e.target.value)} />
          </label>
          <label>
            {t('review.unit')}
            <select name="quantity_unit_id" value={unitId} onChange={(e) => setUnitId(e.target.value)}>
              <option value="">–</option>
              {masterData.quantity_units.map((unit) => (
                <option key={unit.id} value={unit.id}>
                  {unit.name}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('review.group')}
            <select name="product_group_id" value={groupId} onChange={(e) => setGroupId(e.target.value)}>
              <option value="">–</option>
              {masterData.product_groups.map((group) => (
                <option key={group.id} value={group.id}>
                  {group.name}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('review.bestBeforeDays')}
            <input name="default_best_before_days" type="number" min={0} max={3650} value={bestBeforeDays} onChange={(e) => setBestBeforeDays(e.target.value)} />
          </label>
        </>
      )}
      {draft.mode !== 'identify' && draft.mode !== 'open' && (
        <label>
          {t('review.quantity')}
          <input name="quantity" inputMode="decimal" required value={quantity} onChange={(e) => setQuantity(e.target.value)} />
        </label>
      )}
      {(draft.mode === 'add' || !known) && (
        <>
          {draft.mode === 'add' && (
            <label>
              {t('review.bestBefore')}
              <input name="best_before_date" type="date" value={bestBefore} onChange={(e) => setBestBefore(e.target.value)} />
            </label>
          )}
          <label>
            {t('review.location')}
            <select name="location_id" value={locationId} onChange={(e) => setLocationId(e.target.value)}>
              <option value="">{t('review.defaultLocation')}</option>
              {locations.map((location) => (
                <option key={location.id} value={location.id}>
                  {location.name}
                </option>
              ))}
            </select>
          </label>
        </>
      )}
      {problem && (
        <p className="form-problem" role="alert" data-testid="review-problem">
          {problem}
        </p>
      )}
      <div className="actions">
        <button type="submit" disabled={busy}>
          {t('review.confirm')}
        </button>
        <button type="button" className="secondary" onClick={() => void discard()} disabled={busy}>
          {t('review.discard')}
        </button>
      </div>
    </form>
  );
}
