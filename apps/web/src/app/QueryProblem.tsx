import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-result';

/**
 * Loading and failure of one query, said in words with a retry: no list fails silently. While
 * offline the query pauses and the last data stays on screen, so nothing shows then.
 */
export function QueryProblem({ query }: { query: Pick<UseQueryResult, 'isPending' | 'isError' | 'error' | 'refetch' | 'fetchStatus'> }) {
  const { t } = useTranslation();
  if (query.isPending && query.fetchStatus === 'fetching') {
    return (
      <p className="muted" aria-busy="true">
        {t('app.loading')}
      </p>
    );
  }
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
