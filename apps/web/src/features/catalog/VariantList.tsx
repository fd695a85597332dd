import type { Schemas } from '@hinv/api-client';
import { useTranslation } from 'react-i18next';

/** A product's variants (brand, name) with their barcodes; read-only. */
export function VariantList({ product }: { product: Schemas['CatalogProductDetailResponse'] }) {
  const { t } = useTranslation();
  return (
    <>
      <h3>{t('catalog.variants')}</h3>
      <ul className="rows" data-testid="variant-list">
        {product.variants.map((variant) => (
          <li key={variant.id}>
            <span>{[variant.brand, variant.name].filter(Boolean).join(' ') || product.name}</span>
            <span className="muted small">{variant.barcodes.map((code) => code.barcode).join(', ') || t('catalog.noBarcodes')}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
