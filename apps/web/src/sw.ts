/**
 * The service worker. Each concern is a module under src/sw/ with one `install…` call below;
 * push notifications will join as src/sw/push.ts, installed in the same list.
 */
import { installLifecycle } from './sw/lifecycle';
import { installOfflineShell } from './sw/offline-shell';
import { installShareTarget } from './sw/share-target';

declare const self: ServiceWorkerGlobalScope;

installLifecycle(self);
installShareTarget(self);
installOfflineShell(self.__WB_MANIFEST);
