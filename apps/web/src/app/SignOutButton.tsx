import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Sheet } from '../ui';
import { deleteWaitingChanges, keepWaitingChanges, waitingChanges, waitingTotal, type WaitingChanges } from './device-queues';
import { useSession } from './session';

/**
 * Signs out on this device. When the person still has offline changes waiting here (scans,
 * shopping changes, shared receipts), it asks first: keep them for their next sign-in on this
 * device, or delete them. Either way they are never sent under someone else's session.
 */
export function SignOutButton() {
  const { t } = useTranslation();
  const { auth } = useSession();
  const [waiting, setWaiting] = useState<WaitingChanges | null>(null);
  const [busy, setBusy] = useState(false);

  const begin = async () => {
    const found = await waitingChanges().catch(() => null);
    if (found && waitingTotal(found) > 0) setWaiting(found);
    else await auth.logout();
  };

  const finish = async (decide: () => Promise<void>) => {
    setBusy(true);
    try {
      await decide();
      setWaiting(null);
      await auth.logout();
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button variant="danger" onClick={() => void begin()} loading={auth.busy} data-testid="sign-out">
        {t('app.signOut')}
      </Button>
      <Sheet
        open={waiting !== null}
        onClose={() => setWaiting(null)}
        title={t('signOut.waitingTitle')}
        closeLabel={t('signOut.cancel')}
        className="sign-out-sheet"
        footer={
          <div className="ui-cluster ui-cluster--end">
            <Button variant="danger" onClick={() => void finish(deleteWaitingChanges)} loading={busy} data-testid="sign-out-delete">
              {t('signOut.delete')}
            </Button>
            <Button onClick={() => void finish(keepWaitingChanges)} loading={busy} data-testid="sign-out-keep">
              {t('signOut.keep')}
            </Button>
          </div>
        }
      >
        {waiting && (
          <div className="ui-stack" data-testid="sign-out-waiting">
            <p>{t('signOut.waitingIntro')}</p>
            <ul>
              {waiting.scans > 0 && <li>{t('signOut.scans', { count: waiting.scans })}</li>}
              {waiting.shopping > 0 && <li>{t('signOut.shopping', { count: waiting.shopping })}</li>}
              {waiting.receipts > 0 && <li>{t('signOut.receipts', { count: waiting.receipts })}</li>}
            </ul>
            <p className="muted">{t('signOut.waitingExplain')}</p>
          </div>
        )}
      </Sheet>
    </>
  );
}
