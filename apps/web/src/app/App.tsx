import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ToastProvider } from '../ui';
import { createQueryClient } from '../lib/query-client';
import { Shell } from './Shell';

/** Providers that live as long as the page, then the shell with its screens. */
export function App() {
  const { t } = useTranslation();
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider dismissLabel={t('app.dismiss')}>
        <Shell />
      </ToastProvider>
    </QueryClientProvider>
  );
}
