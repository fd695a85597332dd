import { createApiClient } from '@hinv/api-client';
import { applyStoredTheme } from './ui/theme';

// The chosen theme is on <html> before React renders anything, so no screen flashes in the other one.
applyStoredTheme();

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiProvider } from './app/api-context';
import { App } from './app/App';
import { RecentAuthProvider } from './app/recent-auth';
import { registerServiceWorker } from './app/register-service-worker';
import './ui/tokens.css';
import './app/app.css';
// Initialises i18next before the first render, so nothing renders untranslated.
import './i18n/i18n';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <ApiProvider client={createApiClient()}>
      <RecentAuthProvider>
        <App />
      </RecentAuthProvider>
    </ApiProvider>
  </StrictMode>,
);

registerServiceWorker();
