import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ToastProvider } from '../ui';
import { createQueryClient } from '../lib/query-client';
import { queryPersister } from '../lib/query-persister';
import { persistOptions } from './offline-cache';
import { Shell } from './Shell';

/** Providers that live as long as the page (server state, kept on the device for offline), then the shell. */
export function App() {
  const { t } = useTranslation();
  const [queryClient] = useState(createQueryClient);
  return (
    <PersistQueryClientProvider client={queryClient} persistOptions={{ ...persistOptions, persister: queryPersister }}>
      <ToastProvider dismissLabel={t('app.dismiss')}>
        <Shell />
      </ToastProvider>
    </PersistQueryClientProvider>
  );
}
