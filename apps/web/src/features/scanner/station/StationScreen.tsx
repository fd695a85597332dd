import Camera from 'lucide-react/icons/camera';
import CameraOff from 'lucide-react/icons/camera-off';
import CircleAlert from 'lucide-react/icons/circle-alert';
import CircleCheck from 'lucide-react/icons/circle-check';
import CirclePlus from 'lucide-react/icons/circle-plus';
import Clock from 'lucide-react/icons/clock';
import Repeat from 'lucide-react/icons/repeat';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../../../lib/use-online';
import { Banner, Button, Card, cx, EmptyState, Input, List, ListRow, ModeTiles, Sheet } from '../../../ui';
import { startCamera, type CameraProblem, type CameraSession } from '../barcode-reader';
import { CameraConsensus } from '../camera-consensus';
import { MODE_ICONS } from '../mode-icons';
import { STATION_QUEUE } from '../offline-queue';
import type { Draft } from '../scan-api';
import { useOfflineQueue } from '../use-offline-queue';
import { useKeyboardWedge } from '../wedge/use-keyboard-wedge';
import { keepScreenOn, playOutcome, type ScanOutcome } from './feedback';
import { modeFromCode, STATION_MODES, type StationMode } from './mode-codes';
import type { StationPairing } from '../../../lib/station-pairing';

/** One line of the station's list of its last scans. */
interface RecentScan {
  key: string;
  code: string;
  mode: StationMode;
  outcome: ScanOutcome;
  /** The product's name, or why the scan failed. */
  detail: string | null;
  at: Date;
}

const RECENT_LIMIT = 20;
const MODE_KEY = 'hinv.station.mode';
/** The camera reads the same label many times a second: a code counts again only after this pause. */
const SAME_CODE_PAUSE_MS = 2500;

const OUTCOME_ICONS = { known: CircleCheck, new: CirclePlus, queued: Clock, mode: Repeat, error: CircleAlert } as const;

const storedMode = (): StationMode => {
  const value = localStorage.getItem(MODE_KEY);
  return (STATION_MODES as readonly string[]).includes(value ?? '') ? (value as StationMode) : 'add';
};

const draftName = (draft: Draft): string | null => draft.product_name ?? (typeof draft.suggestion?.name === 'string' ? draft.suggestion.name : null);

/**
 * The pantry-door station: big mode tiles, a keyboard-wedge field that keeps the focus, the
 * camera, and the last scans with sound and colour. Every scan becomes a draft that a family
 * member reviews in the inbox; the station never confirms anything. Offline, scans go to the
 * station's own queue and are sent with its token when the connection is back.
 */
export function StationScreen({ pairing, onUnpair, onRevoked }: { pairing: StationPairing; onUnpair: () => void; onRevoked: () => void }) {
  const { t, i18n } = useTranslation();
  const online = useOnline();
  const [mode, setModeState] = useState<StationMode>(storedMode);
  const [recent, setRecent] = useState<RecentScan[]>([]);
  const [flash, setFlash] = useState<{ outcome: ScanOutcome; key: string } | null>(null);
  const [code, setCode] = useState('');
  const [camera, setCamera] = useState<CameraSession | null>(null);
  const [cameraProblem, setCameraProblem] = useState<CameraProblem | null>(null);
  const [confirmUnpair, setConfirmUnpair] = useState(false);
  const wedge = useRef<HTMLInputElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const modeRef = useRef(mode);
  modeRef.current = mode;

  const focusWedge = useCallback(() => wedge.current?.focus({ preventScroll: true }), []);
  const setMode = useCallback(
    (next: StationMode) => {
      setModeState(next);
      localStorage.setItem(MODE_KEY, next);
      focusWedge();
    },
    [focusWedge],
  );

  const record = useCallback((scan: Omit<RecentScan, 'key' | 'at'>) => {
    const key = crypto.randomUUID();
    setRecent((list) => [{ ...scan, key, at: new Date() }, ...list].slice(0, RECENT_LIMIT));
    setFlash({ outcome: scan.outcome, key });
    playOutcome(scan.outcome);
  }, []);

  const recordDraft = useCallback(
    (draft: Draft, code: string) =>
      record({ code, mode: draft.mode as StationMode, outcome: draft.status === 'resolved' ? 'known' : 'new', detail: draftName(draft) }),
    [record],
  );
  const queue = useOfflineQueue(
    useCallback((drafts: Draft[]) => drafts.forEach((draft) => recordDraft(draft, draft.barcode_normalized)), [recordDraft]),
    STATION_QUEUE,
  );
  useEffect(() => {
    if (queue.needsSignIn) onRevoked();
  }, [queue.needsSignIn, onRevoked]);

  const scan = useCallback(
    async (raw: string) => {
      const text = raw.trim();
      if (!text) return;
      const switched = modeFromCode(text);
      if (switched) {
        setMode(switched);
        record({ code: text, mode: switched, outcome: 'mode', detail: null });
        return;
      }
      const scanMode = modeRef.current;
      const outcome = await queue.submit(text, scanMode);
      if (outcome.status === 'resolved') return recordDraft(outcome.draft, text);
      if (outcome.status === 'unauthorized') return onRevoked();
      if (outcome.status === 'queued' || outcome.status === 'duplicate') return record({ code: text, mode: scanMode, outcome: 'queued', detail: null });
      const detail = outcome.status === 'full' ? t('station.queueFull') : outcome.status === 'rejected' && outcome.message !== 'validation_failed' ? t('station.error.other') : t('station.error.invalid_barcode');
      record({ code: text, mode: scanMode, outcome: 'error', detail });
    },
    [queue, onRevoked, record, recordDraft, setMode, t],
  );
  // A scanner's code is taken wherever the focus is (the unpair sheet open, a tile pressed).
  useKeyboardWedge((code) => void scan(code));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = code;
    setCode('');
    void scan(text);
  };

  // The field keeps the focus for codes typed by hand; keys typed elsewhere are steered into it.
  useEffect(() => {
    focusWedge();
    const steer = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target === wedge.current || target?.closest('input, textarea, select, dialog')) return;
      if (event.key.length === 1 || event.key === 'Enter') focusWedge();
    };
    window.addEventListener('keydown', steer, true);
    const release = keepScreenOn();
    return () => {
      window.removeEventListener('keydown', steer, true);
      release();
    };
  }, [focusWedge]);
  useEffect(() => {
    if (!flash) return;
    const timer = setTimeout(() => setFlash(null), 700);
    return () => clearTimeout(timer);
  }, [flash]);

  const stopCamera = useCallback(() => {
    camera?.stop();
    setCamera(null);
    focusWedge();
  }, [camera, focusWedge]);
  useEffect(() => () => camera?.stop(), [camera]);
  const startScanning = async () => {
    setCameraProblem(null);
    if (!video.current) return;
    const consensus = new CameraConsensus();
    const lastAccepted = { code: '', at: 0 };
    const result = await startCamera(video.current, (read) => {
      const now = Date.now();
      const accepted = consensus.see(read, now);
      if (!accepted || (accepted === lastAccepted.code && now - lastAccepted.at < SAME_CODE_PAUSE_MS)) return;
      Object.assign(lastAccepted, { code: accepted, at: now });
      void scan(accepted);
    });
    if ('problem' in result) setCameraProblem(result.problem);
    else setCamera(result);
    focusWedge();
  };

  const modeLabel = (value: StationMode) => t(`scanner.mode.${value}`);
  const time = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { timeStyle: 'short' });
  const ModeIcon = MODE_ICONS[mode];
  return (
    <div className={cx('station', flash && `station--flash-${flash.outcome}`)} data-testid="station">
      <header className="station-header">
        <div className="station-title">
          <h1>{pairing.name || t('station.unnamed')}</h1>
          <p className="muted">{t('station.subtitle')}</p>
        </div>
        <div className="station-current" role="status" aria-live="polite" data-testid="station-mode">
          <ModeIcon aria-hidden="true" size={28} />
          <span>{modeLabel(mode)}</span>
        </div>
      </header>

      {!online && (
        <Banner tone="offline" role="status" data-testid="station-offline">
          {t('station.offline', { count: queue.size ?? 0 })}
        </Banner>
      )}
      {online && (queue.size ?? 0) > 0 && (
        <Banner tone="info" role="status">
          {queue.syncing ? t('station.sending', { done: queue.syncing.done, total: queue.syncing.total }) : t('station.waiting', { count: queue.size ?? 0 })}
        </Banner>
      )}

      <ModeTiles
        label={t('station.modeLabel')}
        value={mode}
        onChange={setMode}
        options={STATION_MODES.map((value) => ({ value, title: modeLabel(value), description: t(`scanner.modeHint.${value}`), icon: MODE_ICONS[value] }))}
        className="station-modes"
      />

      <div className="station-capture">
        <form className="station-wedge" onSubmit={submit}>
          <label htmlFor="station-code" className="station-wedge-label">
            {t('station.wedgeLabel')}
          </label>
          <Input
            ref={wedge}
            id="station-code"
            name="station_code"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            enterKeyHint="send"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            data-testid="station-wedge"
          />
        </form>
        <div className="station-camera">
          <video ref={video} className={cx('station-video', !camera && 'station-video--idle')} muted playsInline aria-hidden={!camera} />
          {camera ? (
            <Button variant="secondary" size="lg" icon={CameraOff} onClick={stopCamera}>
              {t('scanner.stopCamera')}
            </Button>
          ) : (
            <Button variant="secondary" size="lg" icon={Camera} onClick={() => void startScanning()}>
              {t('scanner.startCamera')}
            </Button>
          )}
          {cameraProblem && (
            <Banner tone="warning" role="alert">
              {t(`scanner.camera.${cameraProblem}`)}
            </Banner>
          )}
        </div>
      </div>

      <Card title={t('station.recent')} headingLevel={2} flush>
        {recent.length === 0 ? (
          <EmptyState icon={ModeIcon} headingLevel={3} title={t('station.empty')} text={t('station.emptyText')} />
        ) : (
          <List data-testid="station-recent" aria-live="polite">
            {recent.map((entry) => {
              const Icon = OUTCOME_ICONS[entry.outcome];
              return (
                <ListRow
                  key={entry.key}
                  className={`station-scan station-scan--${entry.outcome}`}
                  leading={<Icon aria-hidden="true" size={28} className="station-scan-icon" />}
                  title={entry.outcome === 'mode' ? t('station.switched', { mode: modeLabel(entry.mode) }) : (entry.detail ?? entry.code)}
                  subtitle={[time.format(entry.at), entry.outcome === 'mode' ? null : modeLabel(entry.mode), t(`station.outcome.${entry.outcome}`), entry.outcome === 'error' ? entry.code : null]
                    .filter(Boolean)
                    .join(' · ')}
                />
              );
            })}
          </List>
        )}
      </Card>

      <footer className="station-footer">
        <Button variant="quiet" onClick={() => setConfirmUnpair(true)} data-testid="station-unpair">
          {t('station.unpair')}
        </Button>
      </footer>
      <Sheet
        open={confirmUnpair}
        onClose={() => {
          setConfirmUnpair(false);
          focusWedge();
        }}
        title={t('station.unpairHeading')}
        closeLabel={t('station.cancel')}
        footer={
          <div className="ui-cluster ui-cluster--end">
            <Button variant="secondary" onClick={() => setConfirmUnpair(false)}>
              {t('station.cancel')}
            </Button>
            <Button variant="danger" onClick={onUnpair} data-testid="station-unpair-confirm">
              {t('station.unpairConfirm')}
            </Button>
          </div>
        }
      >
        <p>{t('station.unpairText')}</p>
      </Sheet>
    </div>
  );
}
