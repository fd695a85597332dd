import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import './app/app.css';
import { registerServiceWorker } from './app/register-service-worker';
import { initI18n } from './i18n';

await initI18n();
createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
registerServiceWorker();
