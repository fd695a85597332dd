import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useApi } from '../../app/api-context';
import { paths } from '../../app/paths';
import { QueryProblem } from '../../app/QueryProblem';
import { useSession } from '../../app/session';
import { ok } from '../../lib/api-result';
import { formatDay, formatQuantity } from '../../lib/format';
import { Badge, Card, CheckCircle, List, ListRow } from '../../ui';
import { ImportLines, importable, useReceiptImport } from './ImportLines';
import { receiptKeys } from './receipt-keys';
import './receipts.css';
import type { Receipt } from './upload-receipt';

const MATCH_TONES: Record<string, 'accent' | 'warning' | 'neutral'> = { barcode: 'accent', learned: 'accent', alias: 'accent', exact: 'accent', manual: 'accent', suggested: 'warning' };

/** One receipt: store, date and total, every line with what it was matched to, and its import into stock. */
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
    amount === null || amount === undefined ? '' : new Intl.NumberFormat(locale, { style: 'currency', currency: data?.currency || 'EUR' }).format(amount);
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
  return (
    <>
      <p className="muted" data-testid="receipt-summary">
        {[receipt.purchase_date ? formatDay(receipt.purchase_date, locale) : null, money(receipt.total)].filter(Boolean).join(' · ')}
      </p>
      <List data-testid="receipt-lines">
        {(receipt.items ?? []).map((item) => {
          const name = item.normalized_name ?? item.raw_name;
          return (
            <ListRow
              key={item.id}
              // The article name as the parser read it (wrapped lines joined); the printed text when there is none.
              title={name}
              leading={false}
              subtitle={
                item.imported ? (
                  <Badge tone="accent">{t('receipts.import.inStockAs', { name: item.catalog_product_name ?? name })}</Badge>
                ) : (
                  <>
                    <Badge tone={MATCH_TONES[item.match_status] ?? 'neutral'}>
                      {item.catalog_product_name ? t('receipts.matchedTo', { name: item.catalog_product_name }) : t(`receipts.match.${item.match_status}`, { defaultValue: item.match_status })}
                    </Badge>
                    {item.import_error ? <span className="receipt-line-error"> {item.import_error}</span> : null}
                  </>
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
              action={
                canWrite && importable(item) ? (
                  <CheckCircle checked={importState.isChosen(item.id)} onChange={(take) => importState.toggle(item.id, take)} label={t('receipts.import.choose', { name })} />
                ) : undefined
              }
            />
          );
        })}
      </List>
      {canWrite && <ImportLines state={importState} />}
    </>
  );
}
