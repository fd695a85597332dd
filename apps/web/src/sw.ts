/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope;

/**
 * The app shell is precached so the PWA opens without a network. API answers are never cached:
 * they are per user and `no-store`, and offline scans go to the IndexedDB queue instead.
 */
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/** Client-side routes open the cached shell; server paths always go to the network. */
const SERVER_PATHS = [/^\/api(\/|$)/, /^\/docs(\/|$)/, /^\/redoc(\/|$)/, /^\/openapi\.json$/];
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: SERVER_PATHS }));

self.addEventListener('install', () => {
  void self.skipWaiting();
});
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});
