import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ToastProvider } from '../ui';
import { createQueryClient } from '../lib/query-client';
import { queryPersister } from '../lib/query-persister';
import { persistOptionsFor } from './offline-cache';
import { paths } from './paths';
import { Shell } from './Shell';

// The scanner station is a page of its own with a token instead of a session (features/scanner/station).
const StationApp = lazy(() => import('../features/scanner/station/StationApp'));

/** Providers that live as long as the page (server state, kept on the device for offline), then the shell. */
export function App() {
  const { t } = useTranslation();
  const [queryClient] = useState(createQueryClient);
  return (
    <PersistQueryClientProvider
      client={queryClient}
      persistOptions={{ ...persistOptionsFor(queryClient), persister: queryPersister }}
      // What came back from the device is what was last seen, not what is true now (another tab or
      // device may have changed it seconds ago): shown at once, and fetched again where possible.
      onSuccess={() => void queryClient.invalidateQueries()}
    >
      <ToastProvider dismissLabel={t('app.dismiss')}>
        {window.location.pathname === paths.station ? (
          <Suspense fallback={<p className="muted">{t('app.loading')}</p>}>
            <StationApp />
          </Suspense>
        ) : (
          <Shell />
        )}
      </ToastProvider>
    </PersistQueryClientProvider>
  );
}
