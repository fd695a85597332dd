import { registerSW } from 'virtual:pwa-register';

/**
 * Registers the service worker once the page has loaded, so it never competes with the first
 * render. With registerType 'autoUpdate' a new version activates at once and the page reloads onto
 * it. In `vite dev` the virtual module does nothing: there is no worker to register.
 */
export function registerServiceWorker(): void {
  registerSW({
    onRegisterError: (error: unknown) => console.error('Service worker registration failed', error),
  });
}
