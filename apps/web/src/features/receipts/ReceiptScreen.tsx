import { useQuery } from '@tanstack/react-query';
import Check from 'lucide-react/icons/check';
import Pencil from 'lucide-react/icons/pencil';
import Plus from 'lucide-react/icons/plus';
import Trash2 from 'lucide-react/icons/trash-2';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { useApi } from '../../app/api-context';
import { paths } from '../../app/paths';
import { QueryProblem } from '../../app/QueryProblem';
import { useSession } from '../../app/session';
import { ok } from '../../lib/api-result';
import { formatDay, formatMoney, formatQuantity } from '../../lib/format';
import { Badge, Banner, Button, Card, CheckCircle, cx, List, ListRow, Sheet, useToast } from '../../ui';
import { ImportLines, importable, useReceiptImport } from './ImportLines';
import { acceptable, lineMatch, lineName } from './line-match';
import { LineEditor } from './LineEditor';
import { MapLine } from './MapLine';
import { ReceiptHeaderForm } from './ReceiptHeaderSheet';
import { LineCrop, ReceiptImage } from './ReceiptImage';
import { SumBar } from './SumBar';
import { UNDO_MS, useCorrection, useDeleteReceipt } from './use-corrections';
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
  const toast = useToast();
  const [, navigate] = useLocation();
  const importState = useReceiptImport(receipt);
  // A line's id, 'new' for a line to add, 'header' for store, date and total; null: no sheet.
  const [openId, setOpenId] = useState<string | null>(null);
  const [markedId, setMarkedId] = useState<string | null>(null);
  const mapLine = useMapLine(receipt.id, (input) => {
    setOpenId(null);
    // A line just mapped by hand is meant to go into stock with the others.
    if (input.product) importState.toggle(input.itemId, true);
  });
  const lineProduct = useLineProduct(receipt.id, (itemId) => {
    setOpenId(null);
    importState.toggle(itemId, true);
  });
  const correction = useCorrection(receipt.id, () => setOpenId(null));
  const deletion = useDeleteReceipt();
  const items = receipt.items ?? [];
  // Lines asking to be checked come first, each group in the receipt's order.
  const flagged = (item: (typeof items)[number]) => !item.imported && (item.check_reasons?.length ?? 0) > 0;
  const ordered = [...items.filter(flagged), ...items.filter((item) => !flagged(item))];
  const openLine = items.find((item) => item.id === openId) ?? null;
  const marked = items.find((item) => item.id === markedId) ?? null;
  const correctable = canWrite && !receipt.imported_count;
  const open = (id: string) => {
    mapLine.reset();
    lineProduct.confirm.reset();
    lineProduct.create.reset();
    correction.reset();
    if (id !== 'new' && id !== 'header') setMarkedId(id);
    setOpenId(id);
  };
  const remove = () => {
    deletion.remove(receipt.id);
    navigate(paths.receipts);
    toast.show({ message: t('receipts.correct.deleted'), action: { label: t('receipts.correct.undo'), onAction: () => deletion.undo(receipt.id) }, duration: UNDO_MS });
  };
  const sheetTitle = openId === 'new' ? t('receipts.correct.addTitle') : openId === 'header' ? t('receipts.correct.headerTitle') : openLine ? lineName(openLine) : '';
  return (
    <div className="receipt-review">
      <div className="receipt-review-image">
        <ReceiptImage receipt={receipt} highlight={marked?.box ?? null} />
      </div>
      <div className="receipt-review-lines ui-stack">
        <div className="receipt-review-head">
          <p className="muted" data-testid="receipt-summary">
            {[receipt.purchase_date ? formatDay(receipt.purchase_date, locale) : null, money(receipt.total)].filter(Boolean).join(' · ')}
          </p>
          {correctable && (
            <Button variant="secondary" icon={Pencil} onClick={() => open('header')}>
              {t('receipts.correct.editHeader')}
            </Button>
          )}
        </div>
        <SumBar receipt={receipt} money={(amount) => money(amount)} />
        {mapLine.isError && !openLine && (
          <Banner tone="danger" role="alert">
            {t('receipts.review.failed')}
          </Banner>
        )}
        <List data-testid="receipt-lines">
          {ordered.map((item) => {
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
                className={cx(flagged(item) && 'receipt-line--flagged', item.id === markedId && 'receipt-line--marked')}
                subtitle={
                  item.imported ? (
                    <Badge tone="accent">{t('receipts.import.inStockAs', { name: item.catalog_product_name ?? name })}</Badge>
                  ) : (
                    <span className="receipt-subtitle">
                      {flagged(item) && (
                        <Badge tone="warning" title={item.check_reasons.map((reason) => t(`receipts.correct.reason.${reason}`)).join(' · ')}>
                          {t('receipts.correct.check')}
                        </Badge>
                      )}
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
        {correctable && (
          <div className="ui-cluster">
            <Button variant="secondary" icon={Plus} onClick={() => open('new')}>
              {t('receipts.correct.addLine')}
            </Button>
            <Button variant="secondary" icon={Trash2} onClick={remove}>
              {t('receipts.correct.delete')}
            </Button>
          </div>
        )}
        {canWrite && <ImportLines state={importState} />}
      </div>
      <Sheet open={openId !== null} onClose={() => setOpenId(null)} title={sheetTitle} closeLabel={t('receipts.review.close')} className="receipt-review-sheet">
        {openId === 'header' && <ReceiptHeaderForm receipt={receipt} correction={correction} locale={locale} />}
        {openId === 'new' && <LineEditor key="new" line={null} correction={correction} locale={locale} />}
        {openLine && (
          <div className="ui-stack" key={openLine.id}>
            {openLine.box && <LineCrop receipt={receipt} box={openLine.box} />}
            {flagged(openLine) && (
              <Banner tone="warning">
                <ul className="receipt-check-reasons">
                  {openLine.check_reasons.map((reason) => (
                    <li key={reason}>{t(`receipts.correct.reason.${reason}`)}</li>
                  ))}
                </ul>
              </Banner>
            )}
            {canWrite && !openLine.imported && <LineEditor line={openLine} correction={correction} locale={locale} />}
            <section className="receipt-line-section ui-stack" aria-label={t('receipts.correct.product')}>
              <MapLine receiptId={receipt.id} line={openLine} canWrite={canWrite} mapLine={mapLine} lineProduct={lineProduct} />
            </section>
          </div>
        )}
      </Sheet>
    </div>
  );
}
