/**
 * The service worker. Each concern is a module under src/sw/ with one `install…` call below.
 */
import { installLifecycle } from './sw/lifecycle';
import { installOfflineShell } from './sw/offline-shell';
import { installPush } from './sw/push';
import { installShareTarget } from './sw/share-target';

declare const self: ServiceWorkerGlobalScope;

installLifecycle(self);
installShareTarget(self);
installPush(self);
installOfflineShell(self.__WB_MANIFEST);
