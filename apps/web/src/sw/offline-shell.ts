import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { SERVER_PATHS } from './server-paths';

/**
 * Precaches the build (html, js, css, icons, manifests) and answers in-app navigations with the
 * cached index.html, so the app starts offline on any of its routes. API responses are never
 * cached: no route matches them, so they go straight to the network.
 */
export function installOfflineShell(manifest: ReadonlyArray<PrecacheEntry | string>): void {
  cleanupOutdatedCaches();
  precacheAndRoute([...manifest]);
  registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [...SERVER_PATHS] }));
}
