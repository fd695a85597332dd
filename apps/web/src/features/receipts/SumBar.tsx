import Check from 'lucide-react/icons/check';
import { useTranslation } from 'react-i18next';
import { cx } from '../../ui';
import type { Receipt } from './upload-receipt';

/**
 * The lines against the printed total, live: "lines 23,41 € of 23,51 € — 0,10 € missing", or
 * done once they meet. Nothing to compare without a total.
 */
export function SumBar({ receipt, money }: { receipt: Receipt; money: (amount: number) => string }) {
  const { t } = useTranslation();
  if (receipt.total === null || receipt.total === undefined) {
    return (
      <p className="receipt-sum" role="status" data-testid="receipt-sum" data-state="no-total">
        {t('receipts.correct.sumNoTotal', { sum: money(receipt.lines_sum) })}
      </p>
    );
  }
  const difference = receipt.lines_difference ?? 0;
  const done = Math.abs(difference) < 0.005;
  const text = done
    ? t('receipts.correct.sumDone', { total: money(receipt.total) })
    : t(difference > 0 ? 'receipts.correct.sumMissing' : 'receipts.correct.sumOver', { sum: money(receipt.lines_sum), total: money(receipt.total), difference: money(Math.abs(difference)) });
  return (
    <p className={cx('receipt-sum', done && 'receipt-sum--done')} role="status" data-testid="receipt-sum" data-state={done ? 'done' : 'open'}>
      {done && <Check aria-hidden size={18} />}
      <span>{text}</span>
    </p>
  );
}
