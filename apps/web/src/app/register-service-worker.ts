import { Workbox } from 'workbox-window';

/** Registers the service worker from our own module (the CSP forbids inline scripts). */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  void new Workbox('/sw.js', { scope: '/' }).register();
}
