import BookOpen from 'lucide-react/icons/book-open';
import { useTranslation } from 'react-i18next';
import { paths } from '../../app/paths';
import { i18n } from '../../i18n/i18n';
import { ListRow } from '../../ui';

/**
 * The user guide in the reader's language. A plain link, not a route: the guide is a static page
 * built beside the app (pwa/user-guide.ts), precached with it, and it links back to the app.
 */
export function GuideRow() {
  const { t } = useTranslation();
  return (
    <ListRow
      title={t('more.guide')}
      subtitle={t('more.guideHint')}
      leading={<BookOpen aria-hidden="true" size={22} />}
      href={paths.guide(i18n.resolvedLanguage === 'de' ? 'de' : 'en')}
    />
  );
}
