import { createApiClient } from '@hinv/api-client';
import ScanBarcode from 'lucide-react/icons/scan-barcode';
import Unlink from 'lucide-react/icons/unlink';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiProvider } from '../../../app/api-context';
import { Button, Card, EmptyState } from '../../../ui';
import { StationScreen } from './StationScreen';
import { forgetStationPairing, readStationPairing, saveStationPairing, takePairingFromLocation, type StationPairing } from '../../../lib/station-pairing';
import './station.css';

/** A pairing from the address (stored at once), else the one this device kept. */
function initialPairing(): StationPairing | null {
  const fromLink = takePairingFromLocation();
  if (fromLink) saveStationPairing(fromLink);
  return fromLink ?? readStationPairing();
}

/**
 * `/station`: the scanner station, outside the signed-in app. It works with the station's token
 * only: its API client sends the token and never the browser's cookies, so a personal session on
 * the same device is never used, and it offers no way to any other screen.
 */
export default function StationApp() {
  const { t } = useTranslation();
  const [pairing, setPairing] = useState(initialPairing);
  const [revoked, setRevoked] = useState(false);
  const client = useMemo(
    () => (pairing ? createApiClient({ credentials: 'omit', headers: { authorization: `Bearer ${pairing.token}` } }) : null),
    [pairing],
  );

  // A revoked or expired token shows at once, not at the first scan. Offline, the station starts
  // anyway: its queue keeps the scans.
  useEffect(() => {
    if (!client) return;
    let current = true;
    client.GET('/api/v1/scans/from-stations').then(
      ({ response }) => current && response.status === 401 && setRevoked(true),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [client]);

  const forget = useCallback(() => {
    forgetStationPairing();
    setRevoked(false);
    setPairing(null);
  }, []);
  const onRevoked = useCallback(() => setRevoked(true), []);

  if (!pairing || !client) {
    return (
      <main className="station station--message">
        <h1 className="ui-visually-hidden">{t('station.unnamed')}</h1>
        <Card>
          <EmptyState icon={ScanBarcode} headingLevel={2} title={t('station.pairHeading')} text={t('station.pairText')} />
        </Card>
      </main>
    );
  }
  if (revoked) {
    return (
      <main className="station station--message" data-testid="station-pair-again">
        <h1 className="ui-visually-hidden">{t('station.unnamed')}</h1>
        <Card>
          <EmptyState
            icon={Unlink}
            headingLevel={2}
            title={t('station.pairAgainHeading')}
            text={t('station.pairAgainText')}
            action={
              <Button variant="secondary" onClick={forget}>
                {t('station.forget')}
              </Button>
            }
          />
        </Card>
      </main>
    );
  }
  return (
    <ApiProvider client={client}>
      <main>
        <StationScreen pairing={pairing} onUnpair={forget} onRevoked={onRevoked} />
      </main>
    </ApiProvider>
  );
}
