import { useEffect, useState } from 'react';
import { useApi } from './api-context';

export type Health = { state: 'checking' } | { state: 'ok'; status: string } | { state: 'unavailable' };

/** Asks the API's liveness probe once per mount; any error, non-2xx or odd body counts as unavailable. */
export function useHealth(): Health {
  const api = useApi();
  const [health, setHealth] = useState<Health>({ state: 'checking' });

  useEffect(() => {
    const controller = new AbortController();
    const settle = (next: Health) => {
      if (!controller.signal.aborted) setHealth(next);
    };
    api
      .GET('/api/v1/health', { signal: controller.signal })
      .then(({ data }) => settle(data?.status === 'ok' ? { state: 'ok', status: data.status } : { state: 'unavailable' }))
      .catch(() => settle({ state: 'unavailable' }));
    return () => controller.abort();
  }, [api]);

  return health;
}
