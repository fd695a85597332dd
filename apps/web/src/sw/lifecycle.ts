import { clientsClaim } from 'workbox-core';

/**
 * A new worker takes over at once instead of waiting for every tab to close; the page reloads
 * itself when that happens (registerType 'autoUpdate'), so no tab keeps running an old shell
 * against new precached files.
 */
export function installLifecycle(sw: ServiceWorkerGlobalScope): void {
  sw.addEventListener('install', () => {
    void sw.skipWaiting();
  });
  clientsClaim();
}
