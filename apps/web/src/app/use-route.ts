import { useCallback, useEffect, useState } from 'react';

export const ROUTES = ['/', '/stock', '/shopping', '/more', '/catalog'] as const;
export type Route = (typeof ROUTES)[number];

function current(): Route {
  const path = window.location.pathname;
  return (ROUTES as readonly string[]).includes(path) ? (path as Route) : '/';
}

/** The app's few screens as real paths (the service worker serves the shell for each). */
export function useRoute(): [Route, (route: Route) => void] {
  const [route, setRoute] = useState<Route>(current);
  useEffect(() => {
    const onPop = () => setRoute(current());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const go = useCallback((next: Route) => {
    if (next !== window.location.pathname) window.history.pushState(null, '', next);
    setRoute(next);
  }, []);
  return [route, go];
}
