import { useQuery } from '@tanstack/react-query';
import Check from 'lucide-react/icons/check';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useApi } from '../../app/api-context';
import { paths } from '../../app/paths';
import { QueryProblem } from '../../app/QueryProblem';
import { useSession } from '../../app/session';
import { ok } from '../../lib/api-result';
import { formatDay, formatMoney, formatQuantity } from '../../lib/format';
import { Badge, Banner, Button, Card, CheckCircle, List, ListRow, Sheet } from '../../ui';
import { ImportLines, importable, useReceiptImport } from './ImportLines';
import { acceptable, lineMatch, lineName } from './line-match';
import { MapLine } from './MapLine';
import { MatchBadge } from './MatchBadge';
import { receiptKeys } from './receipt-keys';
import { useLineProduct } from './use-line-product';
import { useMapLine } from './use-map-line';
import './receipts.css';
import type { Receipt } from './upload-receipt';

/**
 * One receipt: store, date and total, every line with what matched it and why, a sheet per line to
 * map it, and its import into stock.
 */
export function ReceiptScreen({ receiptId }: { receiptId: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const api = useApi();
  const receipt = useQuery({
    queryKey: receiptKeys.one(receiptId),
    queryFn: () => ok(api.GET('/api/v1/receipts/{receipt_id}', { params: { path: { receipt_id: receiptId } } })),
  });
  const data = receipt.data;
  const money = (amount: number | null | undefined) =>
    amount === null || amount === undefined ? '' : formatMoney(amount, locale, data?.currency || 'EUR');
  return (
    <Card
      title={data ? (data.store_name ?? t('receipts.unknownStore')) : t('app.loading')}
      titleId="receipt-heading"
      actions={
        <Link href={paths.receipts} className="link">
          {t('receipts.back')}
        </Link>
      }
    >
      <QueryProblem query={receipt} />
      {data && <ReceiptLines receipt={data} money={money} />}
    </Card>
  );
}

function ReceiptLines({ receipt, money }: { receipt: Receipt; money: (amount: number | null | undefined) => string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const { canWrite } = useSession();
  const importState = useReceiptImport(receipt);
  const [openId, setOpenId] = useState<string | null>(null);
  const mapLine = useMapLine(receipt.id, (input) => {
    setOpenId(null);
    // A line just mapped by hand is meant to go into stock with the others.
    if (input.product) importState.toggle(input.itemId, true);
  });
  const lineProduct = useLineProduct(receipt.id, (itemId) => {
    setOpenId(null);
    importState.toggle(itemId, true);
  });
  const items = receipt.items ?? [];
  const openLine = items.find((item) => item.id === openId) ?? null;
  const open = (id: string) => {
    mapLine.reset();
    lineProduct.confirm.reset();
    lineProduct.create.reset();
    setOpenId(id);
  };
  return (
    <>
      <p className="muted" data-testid="receipt-summary">
        {[receipt.purchase_date ? formatDay(receipt.purchase_date, locale) : null, money(receipt.total)].filter(Boolean).join(' · ')}
      </p>
      {mapLine.isError && !openLine && (
        <Banner tone="danger" role="alert">
          {t('receipts.review.failed')}
        </Banner>
      )}
      <List data-testid="receipt-lines">
        {items.map((item) => {
          const name = lineName(item);
          const match = lineMatch(item);
          let action: ReactNode = undefined;
          if (canWrite && importable(item)) {
            action = <CheckCircle checked={importState.isChosen(item.id)} onChange={(take) => importState.toggle(item.id, take)} label={t('receipts.import.choose', { name })} />;
          } else if (canWrite && acceptable(item) && match.productId && match.productName) {
            const product = { id: match.productId, name: match.productName };
            action = (
              <Button variant="secondary" icon={Check} aria-label={t('receipts.review.acceptLine', { name, product: product.name })} disabled={mapLine.isPending} onClick={() => mapLine.mutate({ itemId: item.id, product, remember: true })}>
                {t('receipts.review.acceptShort')}
              </Button>
            );
          }
          return (
            <ListRow
              key={item.id}
              // The article name as the parser read it (wrapped lines joined); the printed text when there is none.
              title={name}
              leading={false}
              onClick={() => open(item.id)}
              subtitle={
                item.imported ? (
                  <Badge tone="accent">{t('receipts.import.inStockAs', { name: item.catalog_product_name ?? name })}</Badge>
                ) : (
                  <span className="receipt-subtitle">
                    <MatchBadge match={match} />
                    {match.productName && <span>{t(match.kind === 'suggested' ? 'receipts.suggestedTo' : 'receipts.matchedTo', { name: match.productName })}</span>}
                    {item.import_error ? <span className="receipt-line-error">{item.import_error}</span> : null}
                  </span>
                )
              }
              trailing={
                <span className="receipt-line-amount">
                  {money(item.total_price)}
                  {item.quantity !== 1 && item.unit_price !== null && item.unit_price !== undefined && (
                    <span className="receipt-line-count">{`${formatQuantity(item.quantity, locale)} × ${money(item.unit_price)}`}</span>
                  )}
                </span>
              }
              action={action}
            />
          );
        })}
      </List>
      {canWrite && <ImportLines state={importState} />}
      <Sheet open={openLine !== null} onClose={() => setOpenId(null)} title={openLine ? lineName(openLine) : ''} closeLabel={t('receipts.review.close')} className="receipt-review-sheet">
        {openLine && <MapLine key={openLine.id} receiptId={receipt.id} line={openLine} canWrite={canWrite} mapLine={mapLine} lineProduct={lineProduct} />}
      </Sheet>
    </>
  );
}
