import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../app/api-context';
import { sharedKeys } from '../../app/query-keys';
import { ok } from '../../lib/api-result';
import { formatDay, formatMoney } from '../../lib/format';
import { Card } from '../../ui';
import { pricePoints, type PricePoint } from './price-points';

// The drawing's own units; the SVG scales to the card's width.
const [WIDTH, HEIGHT, PAD] = [320, 96, 8];

/** A product's unit prices from imported receipts: a small line chart, the last price, lowest and highest. Nothing without a purchase. */
export function PriceHistory({ productId, productName }: { productId: string; productName: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const api = useApi();
  const titleId = useId();
  const descId = useId();
  const history = useQuery({
    queryKey: [...sharedKeys.product(productId), 'prices'],
    queryFn: () => ok(api.GET('/api/v1/catalog/products/{product_id}/price-history', { params: { path: { product_id: productId } } })),
  });
  const summary = history.data ? pricePoints(history.data) : null;
  if (!summary) return null;
  const { points, last, min, max } = summary;
  const money = (amount: number) => formatMoney(amount, locale, last.currency || 'EUR');
  const day = (point: PricePoint) => (point.date ? formatDay(point.date, locale) : t('prices.noDate'));
  const at = (point: PricePoint) => [PAD + point.x * (WIDTH - 2 * PAD), HEIGHT - PAD - point.y * (HEIGHT - 2 * PAD)] as const;
  const line = points.map((point) => at(point).join(',')).join(' ');
  return (
    <Card title={t('prices.heading')} headingLevel={3} className="price-history" data-testid="price-history">
      <svg className="price-chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${titleId} ${descId}`}>
        <title id={titleId}>{t('prices.chartTitle', { name: productName })}</title>
        <desc id={descId}>{t('prices.chartDescription', { count: points.length, first: day(points[0]), last: day(last), min: money(min), max: money(max) })}</desc>
        <line x1={PAD} x2={WIDTH - PAD} y1={HEIGHT - 1} y2={HEIGHT - 1} className="price-chart-axis" />
        {points.length > 1 && <polyline points={line} className="price-chart-line" />}
        {points.map((point, index) => {
          const [x, y] = at(point);
          return <circle key={index} cx={x} cy={y} r={index === points.length - 1 ? 4 : 3} className={index === points.length - 1 ? 'price-chart-dot price-chart-dot--last' : 'price-chart-dot'} />;
        })}
      </svg>
      {/* The first and last day under the line; the table below says the same to screen readers. */}
      <div className="price-chart-days" aria-hidden="true">
        <span>{day(points[0])}</span>
        {points.length > 1 && <span>{day(last)}</span>}
      </div>
      <dl className="price-facts">
        <div>
          <dt>{t('prices.last')}</dt>
          <dd data-testid="price-last">{money(last.price)}</dd>
          <dd className="price-facts-where">{[day(last), last.store].filter(Boolean).join(' · ')}</dd>
        </div>
        <div>
          <dt>{t('prices.min')}</dt>
          <dd data-testid="price-min">{money(min)}</dd>
        </div>
        <div>
          <dt>{t('prices.max')}</dt>
          <dd data-testid="price-max">{money(max)}</dd>
        </div>
      </dl>
      <table className="ui-visually-hidden">
        <caption>{t('prices.tableCaption', { name: productName })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('prices.date')}</th>
            <th scope="col">{t('prices.store')}</th>
            <th scope="col">{t('prices.unitPrice')}</th>
          </tr>
        </thead>
        <tbody>
          {[...points].reverse().map((point, index) => (
            <tr key={index}>
              <td>{day(point)}</td>
              <td>{point.store ?? t('prices.unknownStore')}</td>
              <td>{money(point.price)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
