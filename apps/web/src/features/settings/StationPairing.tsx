import { STATION_SCOPES } from '@hinv/shared';
import Copy from 'lucide-react/icons/copy';
import ScanBarcode from 'lucide-react/icons/scan-barcode';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useApi } from '../../app/api-context';
import { paths } from '../../app/paths';
import { useRecentAuth } from '../../app/recent-auth';
import { Banner, Button, Card, Field, Input, Skeleton } from '../../ui';
import { pairingLink } from '../../lib/station-pairing';
import './station-pairing.css';

const QrCode = lazy(() => import('../../ui/QrCode').then((m) => ({ default: m.QrCode })));

/** A station's token lasts a year; pairing again is one link away when it ends. */
const STATION_DAYS = 365;

/**
 * Pairs a scanner station: a token with the station scopes only (scans, catalog read), shown once
 * as a pairing link and its QR code for the station's camera. The link carries the token in its
 * fragment, so it never reaches a server log.
 */
export function StationPairing({ onCreated }: { onCreated: () => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const withRecentAuth = useRecentAuth();
  const [name, setName] = useState(() => t('station.unnamed'));
  const [link, setLink] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [failed, setFailed] = useState(false);

  const pair = async (event: FormEvent) => {
    event.preventDefault();
    setFailed(false);
    const stationName = name.trim();
    const result = await withRecentAuth(() => api.POST('/api/v1/auth/api-tokens', { body: { name: stationName, scopes: [...STATION_SCOPES], expires_days: STATION_DAYS, station: true } }));
    if (!result) return;
    if (!result.data) return setFailed(true);
    setLink(pairingLink(window.location.origin, { token: result.data.token, name: stationName }));
    setCopied(false);
    onCreated();
  };

  return (
    <Card title={t('stationPairing.heading')} titleId="station-pairing-heading" className="settings-panel">
      <p className="muted">{t('stationPairing.intro')}</p>
      {link ? (
        <div className="ui-stack" data-testid="station-pairing">
          <Banner tone="warning">{t('stationPairing.once')}</Banner>
          <Suspense fallback={<Skeleton width={192} height={192} />}>
            <QrCode value={link} label={t('stationPairing.qrLabel')} className="station-qr" />
          </Suspense>
          <code className="token" data-testid="station-pairing-link">
            {link}
          </code>
          <div className="ui-cluster">
            <Button
              variant="secondary"
              icon={Copy}
              onClick={() => void navigator.clipboard.writeText(link).then(() => setCopied(true), () => undefined)}
            >
              {copied ? t('tokens.copied') : t('stationPairing.copy')}
            </Button>
            <Button variant="quiet" onClick={() => setLink(null)}>
              {t('stationPairing.done')}
            </Button>
          </div>
        </div>
      ) : (
        <form className="ui-stack" onSubmit={(event) => void pair(event)}>
          <Field label={t('stationPairing.name')} hint={t('stationPairing.scopes')}>
            <Input name="station_name" required minLength={2} maxLength={100} value={name} onChange={(event) => setName(event.target.value)} />
          </Field>
          {failed && (
            <Banner tone="danger" role="alert">
              {t('stationPairing.failed')}
            </Banner>
          )}
          <div className="ui-cluster">
            <Button type="submit" icon={ScanBarcode} disabled={name.trim().length < 2}>
              {t('stationPairing.pair')}
            </Button>
            <Link href={paths.stationCodes} className="link">
              {t('stationPairing.codesLink')}
            </Link>
          </div>
        </form>
      )}
    </Card>
  );
}
