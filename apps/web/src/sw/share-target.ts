import { registerRoute } from 'workbox-routing';
import { paths } from '../app/paths';
import { SHARE_TARGET, type ShareLanding } from '../app/share-target';
import { openSharedReceiptDatabase, SharedReceiptQueue, type IncomingFile } from '../features/receipts/shared-receipts';

/** The receipts screen, with a word for it when not everything that was shared could be kept. */
function landing(outcome: ShareLanding | null): string {
  return outcome ? `${paths.receipts}?share=${outcome}` : paths.receipts;
}

async function keepShared(request: Request): Promise<ShareLanding | null> {
  try {
    const form = await request.formData();
    const files: IncomingFile[] = [];
    for (const value of form.getAll(SHARE_TARGET.filesField)) {
      if (typeof value === 'string') continue;
      files.push({ name: value.name, type: value.type, data: await value.arrayBuffer() });
    }
    if (files.length === 0) return 'missed';
    const queue = new SharedReceiptQueue(await openSharedReceiptDatabase());
    const { dropped } = await queue.add(files);
    return dropped > 0 ? 'full' : null;
  } catch {
    // An unreadable form or a full disk: the person is told on the receipts screen, not left on an error page.
    return 'missed';
  }
}

/**
 * Takes what another app shared with the installed app (the manifest's share_target): the files
 * go into the shared-receipts queue in IndexedDB, online or not, and the answer is a 303 to the
 * receipts screen, which uploads them once there is a connection.
 */
export function installShareTarget(sw: ServiceWorkerGlobalScope): void {
  registerRoute(
    ({ url, sameOrigin }) => sameOrigin && url.pathname === SHARE_TARGET.action,
    async ({ request }) => Response.redirect(new URL(landing(await keepShared(request)), sw.location.origin).href, 303),
    'POST',
  );
}
