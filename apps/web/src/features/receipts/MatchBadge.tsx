import { useTranslation } from 'react-i18next';
import { Badge } from '../../ui';
import type { LineMatch } from './line-match';

/** Why a line has its product: barcode, learned, alias, exact name, by hand, or a suggestion with its score. */
export function MatchBadge({ match }: { match: LineMatch }) {
  const { t, i18n } = useTranslation();
  const percent = match.score === null ? '' : new Intl.NumberFormat(i18n.resolvedLanguage ?? 'en', { style: 'percent' }).format(match.score);
  return <Badge tone={match.tone}>{t(`receipts.reason.${match.kind}`, { score: percent })}</Badge>;
}
