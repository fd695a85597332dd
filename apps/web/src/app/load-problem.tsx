import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Answer<T> {
  data?: T;
  error?: unknown;
}

/**
 * For panels that load with a plain request instead of a query: `watch(name, call, use)` hands
 * the data to `use`, and remembers a refused or failed load under `name` until it succeeds, so
 * `<LoadProblem>` can say so. No load fails silently.
 */
export function useLoadProblem() {
  const [failing, setFailing] = useState<ReadonlySet<string>>(new Set());
  const mark = useCallback((name: string, failed: boolean) => {
    setFailing((current) => {
      if (current.has(name) === failed) return current;
      const next = new Set(current);
      if (failed) next.add(name);
      else next.delete(name);
      return next;
    });
  }, []);
  const watch = useCallback(
    <T,>(name: string, call: Promise<Answer<T>>, use: (data: T) => void) => {
      call.then(
        ({ data, error }) => {
          if (error === undefined && data !== undefined) use(data);
          mark(name, error !== undefined || data === undefined);
        },
        () => mark(name, true),
      );
    },
    [mark],
  );
  return { failed: failing.size > 0, watch };
}

export function LoadProblem({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  if (!failed) return null;
  return (
    <p className="notice notice-error" role="alert">
      {t('app.loadFailed')}{' '}
      <button type="button" className="link" onClick={onRetry}>
        {t('app.retry')}
      </button>
    </p>
  );
}
