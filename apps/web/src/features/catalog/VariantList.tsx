import type { Schemas } from '@hinv/api-client';
import { checkBarcode } from '@hinv/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../app/api-context';
import { serverDetail } from '../../app/server-detail';
import { Button, Input } from '../../ui';

type Product = Schemas['CatalogProductDetailResponse'];
type Variant = Product['variants'][number];

/**
 * A product's variants (brand, name) with their barcodes. With `onChanged`, barcodes can be
 * added and removed; the server applies the same normalisation and check-digit rules as scanning.
 * A product made without brand or barcode has no variant yet (as in the reference): its first
 * barcode makes one.
 */
export function VariantList({ product, onChanged }: { product: Product; onChanged?: () => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const [problem, setProblem] = useState<string | null>(null);
  const labelOf = (variant: Variant) => [variant.brand, variant.name].filter(Boolean).join(' ') || product.name;

  const add = async (variant: Variant, barcode: string) => {
    const { error } = await api.POST('/api/v1/catalog/variants/{variant_id}/barcodes', { params: { path: { variant_id: variant.id } }, body: { barcode } });
    setProblem(error ? (serverDetail(error) ?? t('catalog.barcodeRefused')) : null);
    if (!error) onChanged?.();
    return !error;
  };
  /** The first barcode of a product without variants: a plain variant is made for it first. */
  const addFirst = async (barcode: string) => {
    const check = checkBarcode(barcode);
    if (!check.valid) {
      setProblem(t('catalog.barcodeRefused'));
      return false;
    }
    const created = await api.POST('/api/v1/catalog/products/{product_id}/variants', { params: { path: { product_id: product.id } }, body: {} });
    const variant = created.data?.variants.find((candidate) => candidate.barcodes.length === 0);
    if (!variant) {
      setProblem(created.error ? (serverDetail(created.error) ?? t('catalog.problem')) : t('catalog.problem'));
      return false;
    }
    return add(variant, check.code);
  };
  const remove = async (variant: Variant, barcode: string) => {
    const { error } = await api.DELETE('/api/v1/catalog/variants/{variant_id}/barcodes/{barcode}', { params: { path: { variant_id: variant.id, barcode } } });
    setProblem(error ? (serverDetail(error) ?? t('catalog.problem')) : null);
    if (!error) onChanged?.();
  };

  return (
    <>
      <h3>{t('catalog.variants')}</h3>
      {problem && (
        <p className="form-problem" role="alert" data-testid="barcode-problem">
          {problem}
        </p>
      )}
      <ul className="rows" data-testid="variant-list">
        {product.variants.map((variant) => (
          <li key={variant.id}>
            <span>{labelOf(variant)}</span>
            {!onChanged && <span className="muted small">{variant.barcodes.map((code) => code.barcode).join(', ') || t('catalog.noBarcodes')}</span>}
            {onChanged && (
              <span className="actions">
                {variant.barcodes.length === 0 && <span className="muted small">{t('catalog.noBarcodes')}</span>}
                {variant.barcodes.map((code) => (
                  <Button key={code.barcode} variant="secondary" aria-label={t('catalog.removeBarcode', { barcode: code.barcode })} onClick={() => void remove(variant, code.barcode)}>
                    {code.barcode} ×
                  </Button>
                ))}
                <BarcodeForm variantLabel={labelOf(variant)} onAdd={(barcode) => add(variant, barcode)} />
              </span>
            )}
          </li>
        ))}
        {product.variants.length === 0 && (
          <li>
            <span className="muted small">{t('catalog.noBarcodes')}</span>
            {onChanged && (
              <span className="actions">
                <BarcodeForm variantLabel={product.name} onAdd={addFirst} />
              </span>
            )}
          </li>
        )}
      </ul>
    </>
  );
}

function BarcodeForm({ variantLabel, onAdd }: { variantLabel: string; onAdd: (barcode: string) => Promise<boolean> }) {
  const { t } = useTranslation();
  const [barcode, setBarcode] = useState('');
  const submit = async (event: FormEvent) => {
    // Nested inside the product form: keep the product's own submit out of it.
    event.preventDefault();
    event.stopPropagation();
    if (await onAdd(barcode.trim())) setBarcode('');
  };
  return (
    <span className="inline">
      <Input name="new_barcode" aria-label={t('catalog.newBarcode', { name: variantLabel })} inputMode="numeric" maxLength={100} value={barcode} onChange={(e) => setBarcode(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && void submit(e)} />
      <Button variant="secondary" aria-label={t('catalog.addBarcodeTo', { name: variantLabel })} onClick={(e) => void submit(e)}>
        {t('catalog.addBarcode')}
      </Button>
    </span>
  );
}
