import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { paths } from './paths';

/** An address the app does not know: said plainly, with the way back (home unless given). */
export function NotFound({ back = paths.home, backLabel }: { back?: string; backLabel?: string }) {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="not-found-heading">
      <h2 id="not-found-heading">{t('app.notFound')}</h2>
      <Link href={back}>{backLabel ?? t('app.backHome')}</Link>
    </section>
  );
}
