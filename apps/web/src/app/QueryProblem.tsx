import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-result';

/**
 * The failure of one query, said in words with a retry: no list fails silently. (Loading shows as
 * the screen's skeletons; offline, queries pause and the last data stays on screen.)
 */
export function QueryProblem({ query }: { query: Pick<UseQueryResult, 'isError' | 'error' | 'refetch'> }) {
  const { t } = useTranslation();
  if (!query.isError) return null;
  const detail = query.error instanceof ApiError ? query.error.detail : null;
  return (
    <p className="notice notice-error" role="alert">
      {detail ?? t('app.loadFailed')}{' '}
      <button type="button" className="link" onClick={() => void query.refetch()}>
        {t('app.retry')}
      </button>
    </p>
  );
}
