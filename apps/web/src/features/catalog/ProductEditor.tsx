import type { Schemas } from '@hinv/api-client';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../app/api-context';
import { VariantList } from './VariantList';
import { uploadPhoto } from './upload-photo';
import { Button, Card, Input } from '../../ui';

type Detail = Schemas['CatalogProductDetailResponse'];

interface Fields {
  name: string;
  notes: string;
  minimum: string;
  target: string;
}

const fieldsOf = (product: Detail): Fields => ({
  name: product.name,
  notes: product.notes,
  minimum: String(product.minimum_stock_quantity ?? 0),
  target: String(product.shopping_target_quantity ?? 0),
});

/**
 * One product: edit with optimistic concurrency (a 409 shows what changed and offers reload or a
 * knowing overwrite), a photo with upload progress, and archiving.
 */
export function ProductEditor({ productId, canEdit, onClose }: { productId: string; canEdit: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const [product, setProduct] = useState<Detail | null>(null);
  const [fields, setFields] = useState<Fields | null>(null);
  const [conflict, setConflict] = useState<Detail | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [photoVersion, setPhotoVersion] = useState(0);

  /** The server's product; with `keepEdits` (after a barcode change) the form keeps what was typed. */
  const load = useCallback(
    async (keepEdits = false) => {
      const { data } = await api.GET('/api/v1/catalog/products/{product_id}', { params: { path: { product_id: productId } } });
      if (data) {
        setProduct(data);
        if (!keepEdits) setFields(fieldsOf(data));
      }
      return data;
    },
    [api, productId],
  );
  useEffect(() => {
    void load();
  }, [load]);

  const save = async (basis: Detail) => {
    if (!fields) return;
    const { data, response } = await api.PATCH('/api/v1/catalog/products/{product_id}', {
      params: { path: { product_id: productId } },
      body: {
        name: fields.name,
        notes: fields.notes,
        minimum_stock_quantity: Number(fields.minimum),
        shopping_target_quantity: Number(fields.target),
        default_location_id: basis.default_location_id ?? null,
        default_quantity_unit_id: basis.default_quantity_unit_id ?? null,
        product_group_id: basis.product_group_id ?? null,
        default_best_before_days: basis.default_best_before_days,
        image_url: basis.image_url ?? null,
        expected_updated_at: basis.updated_at,
      },
    });
    if (data) {
      setProduct(data);
      setFields(fieldsOf(data));
      setConflict(null);
      setMessage(t('catalog.saved'));
    } else if (response.status === 409) {
      const { data: current } = await api.GET('/api/v1/catalog/products/{product_id}', { params: { path: { product_id: productId } } });
      setConflict(current ?? null);
    } else setMessage(t('catalog.problem'));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (product) void save(product);
  };

  const choosePhoto = async (file: File | undefined) => {
    if (!file) return;
    setProgress(0);
    const result = await uploadPhoto(productId, file, setProgress);
    setProgress(null);
    setMessage(result.ok ? t('catalog.photoSaved') : t('catalog.photoRefused'));
    if (result.ok) {
      await load();
      setPhotoVersion((v) => v + 1);
    }
  };

  const archive = async () => {
    await api.DELETE('/api/v1/catalog/products/{product_id}', { params: { path: { product_id: productId } } });
    onClose();
  };

  if (!product || !fields) return <p className="muted">{t('app.loading')}</p>;
  return (
    <Card title={product.name} titleId="product-heading">
    <form className="form" onSubmit={submit} aria-labelledby="product-heading" data-testid="product-editor">
      {product.image_url?.startsWith('/api/') && <img className="suggestion-image" src={`${product.image_url}?v=${photoVersion}`} alt={product.name} width="120" height="120" data-testid="product-photo" />}
      {conflict && (
        <div className="notice" role="alert" data-testid="conflict">
          <p>{t('catalog.conflict', { name: conflict.name })}</p>
          <div className="actions">
            <Button onClick={() => void load().then(() => setConflict(null))}>
              {t('catalog.reload')}
            </Button>
            <Button variant="secondary" onClick={() => void save(conflict)}>
              {t('catalog.overwrite')}
            </Button>
          </div>
        </div>
      )}
      <label>
        {t('catalog.name')}
        <Input readOnly={!canEdit} name="product_name" required maxLength={300} value={fields.name} onChange={(e) => setFields({ ...fields, name: e.target.value })} />
      </label>
      <label>
        {t('catalog.minimum')}
        <Input readOnly={!canEdit} name="minimum" type="number" min={0} step="any" value={fields.minimum} onChange={(e) => setFields({ ...fields, minimum: e.target.value })} />
      </label>
      <label>
        {t('catalog.target')}
        <Input readOnly={!canEdit} name="target" type="number" min={0} step="any" value={fields.target} onChange={(e) => setFields({ ...fields, target: e.target.value })} />
      </label>
      <label>
        {t('catalog.notes')}
        <Input readOnly={!canEdit} name="notes" maxLength={2000} value={fields.notes} onChange={(e) => setFields({ ...fields, notes: e.target.value })} />
      </label>
      {canEdit && (
        <label>
          {t('catalog.photo')}
          <input name="photo" type="file" accept="image/jpeg,image/png,image/webp" onChange={(e) => void choosePhoto(e.target.files?.[0])} />
        </label>
      )}
      <VariantList product={product} onChanged={canEdit ? () => void load(true) : undefined} />
      {progress !== null && <progress max={1} value={progress} aria-label={t('catalog.uploading')} />}
      {message && (
        <p className="notice" role="status" data-testid="product-message">
          {message}
        </p>
      )}
      <div className="actions">
        {canEdit && <Button type="submit">{t('catalog.save')}</Button>}
        <Button variant="secondary" onClick={onClose}>
          {t('catalog.back')}
        </Button>
        {canEdit && (
          <Button variant="secondary" onClick={() => void archive()}>
            {t('catalog.archive')}
          </Button>
        )}
      </div>
    </form>
    </Card>
  );
}
