import type { Schemas } from '@hinv/api-client';
import Globe from 'lucide-react/icons/globe';
import PackagePlus from 'lucide-react/icons/package-plus';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryProblem } from '../../app/QueryProblem';
import { Banner, Button, Field, Input, List, ListRow, Select, Thumbnail } from '../../ui';
import { lineName, type ReceiptLine } from './line-match';
import { useLineCandidates, useMasterData, type useLineProduct } from './use-line-product';

type LineProduct = ReturnType<typeof useLineProduct>;

interface Place {
  locationId: string;
  unitId: string;
}

type Entry = Schemas['MasterDataItemResponse'];

/** The entry most products use (the oldest on a tie: the household's first location and unit). */
function usual(entries: readonly Entry[] | undefined): string {
  const best = [...(entries ?? [])].sort((a, b) => (b.usage_count ?? 0) - (a.usage_count ?? 0) || a.id - b.id)[0];
  return best ? String(best.id) : '';
}

/** Where a new product is kept and in what it is counted; the usual location (not a freezer) and unit to start with. */
function usePlace(enabled: boolean) {
  const masterData = useMasterData(enabled);
  const [chosen, setChosen] = useState<Partial<Place>>({});
  const locations = masterData.data?.locations;
  const place: Place = {
    locationId: chosen.locationId ?? (usual(locations?.filter((location) => !location.is_freezer)) || usual(locations)),
    unitId: chosen.unitId ?? usual(masterData.data?.quantity_units),
  };
  const body = { location_id: place.locationId ? Number(place.locationId) : null, quantity_unit_id: place.unitId ? Number(place.unitId) : null };
  return { masterData, place, body, ready: Boolean(place.locationId && place.unitId), choose: (next: Partial<Place>) => setChosen((before) => ({ ...before, ...next })) };
}

function PlaceFields({ state, prefix }: { state: ReturnType<typeof usePlace>; prefix: string }) {
  const { t } = useTranslation();
  const data = state.masterData.data;
  return (
    <div className="receipt-line-place">
      <Field label={t('receipts.newProduct.location')}>
        <Select name={`${prefix}-location`} value={state.place.locationId} onChange={(event) => state.choose({ locationId: event.target.value })}>
          {data?.locations.map((location) => (
            <option key={location.id} value={location.id}>
              {location.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('receipts.newProduct.unit')}>
        <Select name={`${prefix}-unit`} value={state.place.unitId} onChange={(event) => state.choose({ unitId: event.target.value })}>
          {data?.quantity_units.map((unit) => (
            <option key={unit.id} value={unit.id}>
              {unit.name}
            </option>
          ))}
        </Select>
      </Field>
      <QueryProblem query={state.masterData} />
    </div>
  );
}

/**
 * Open Food Facts records that may be the line, searched when asked: photo, name, brand, package
 * and where the data comes from; one is confirmed (a new product gets a location and a unit).
 */
export function LineCandidates({ receiptId, line, remember, lineProduct }: { receiptId: string; line: ReceiptLine; remember: boolean; lineProduct: LineProduct }) {
  const { t } = useTranslation();
  const [asked, setAsked] = useState(false);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const candidates = useLineCandidates(receiptId, line.id, asked);
  const chosen = candidates.data?.candidates?.find((candidate) => candidate.external_id === chosenId) ?? null;
  const needsPlace = chosen !== null && !chosen.local_product_id;
  const place = usePlace(needsPlace);
  const { confirm } = lineProduct;
  const list = candidates.data?.candidates ?? [];
  const warnings = candidates.data?.warnings ?? [];

  return (
    <section className="ui-stack ui-stack--tight receipt-line-section" aria-labelledby={`candidates-${line.id}`} data-testid="line-candidates">
      <h3 id={`candidates-${line.id}`} className="receipt-line-section-title">
        {t('receipts.candidates.title')}
      </h3>
      {!asked && (
        <Button variant="secondary" icon={Globe} fullWidth onClick={() => setAsked(true)}>
          {t('receipts.candidates.find')}
        </Button>
      )}
      {asked && candidates.isPending && <p className="muted">{t('receipts.candidates.searching')}</p>}
      <QueryProblem query={candidates} />
      {warnings.length > 0 && (
        <p className="muted" data-testid="candidates-warning">
          {t('receipts.candidates.warning')}
        </p>
      )}
      {candidates.data && list.length === 0 && warnings.length === 0 && <p className="muted">{t('receipts.candidates.none', { query: candidates.data.query })}</p>}
      {list.length > 0 && (
        <List data-testid="candidate-list" aria-label={t('receipts.candidates.list')}>
          {list.map((candidate) => {
            const details = [candidate.brand, candidate.quantity].filter(Boolean).join(' · ');
            const isChosen = candidate.external_id === chosenId;
            return (
              <ListRow
                key={candidate.external_id}
                title={candidate.name}
                leading={<Thumbnail name={candidate.name} src={candidate.image_url} />}
                className={isChosen ? 'receipt-candidate receipt-candidate--chosen' : 'receipt-candidate'}
                subtitle={
                  <span className="receipt-candidate-details">
                    {details && <span>{details}</span>}
                    {candidate.local_product_name && <span>{t('receipts.candidates.known', { name: candidate.local_product_name })}</span>}
                    {candidate.source_url ? (
                      <a className="link" href={candidate.source_url} target="_blank" rel="noopener noreferrer">
                        {t('receipts.candidates.source')}
                      </a>
                    ) : (
                      <span>{t('receipts.candidates.licence')}</span>
                    )}
                  </span>
                }
                action={
                  <Button
                    variant={isChosen ? 'primary' : 'secondary'}
                    aria-pressed={isChosen}
                    aria-label={t('receipts.candidates.chooseLabel', { name: candidate.name })}
                    onClick={() => setChosenId(isChosen ? null : candidate.external_id)}
                  >
                    {t('receipts.candidates.choose')}
                  </Button>
                }
              />
            );
          })}
        </List>
      )}
      {chosen && (
        <div className="ui-stack ui-stack--tight" data-testid="candidate-confirm">
          {needsPlace && <PlaceFields state={place} prefix="candidate" />}
          <Button
            fullWidth
            loading={confirm.isPending}
            disabled={needsPlace && !place.ready}
            onClick={() =>
              confirm.mutate({
                itemId: line.id,
                body: {
                  external_id: chosen.external_id,
                  remember,
                  ...(needsPlace ? place.body : {}),
                },
              })
            }
          >
            {t('receipts.candidates.confirm', { name: chosen.local_product_name ?? chosen.name })}
          </Button>
        </div>
      )}
      {confirm.isError && (
        <Banner tone="danger" role="alert">
          {t('receipts.candidates.failed')}
        </Banner>
      )}
    </section>
  );
}

/** A new catalog product made from the line (its name to start with), and the line mapped to it. */
export function NewProductFromLine({ line, remember, lineProduct }: { line: ReceiptLine; remember: boolean; lineProduct: LineProduct }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(() => lineName(line));
  const place = usePlace(open);
  const { create } = lineProduct;
  const usable = name.trim().length > 0 && place.ready;
  return (
    <section className="ui-stack ui-stack--tight receipt-line-section" aria-labelledby={`new-product-${line.id}`} data-testid="line-new-product">
      <h3 id={`new-product-${line.id}`} className="receipt-line-section-title">
        {t('receipts.newProduct.title')}
      </h3>
      {!open ? (
        <Button variant="secondary" icon={PackagePlus} fullWidth onClick={() => setOpen(true)}>
          {t('receipts.newProduct.start')}
        </Button>
      ) : (
        <form
          className="ui-stack ui-stack--tight"
          onSubmit={(event) => {
            event.preventDefault();
            if (usable) create.mutate({ itemId: line.id, body: { name: name.trim(), remember, ...place.body } });
          }}
        >
          <Field label={t('receipts.newProduct.name')}>
            <Input name="new-product-name" maxLength={200} autoComplete="off" value={name} onChange={(event) => setName(event.target.value)} />
          </Field>
          <PlaceFields state={place} prefix="new-product" />
          <Button type="submit" fullWidth loading={create.isPending} disabled={!usable}>
            {t('receipts.newProduct.create')}
          </Button>
          {create.isError && (
            <Banner tone="danger" role="alert">
              {t('receipts.newProduct.failed')}
            </Banner>
          )}
        </form>
      )}
    </section>
  );
}
