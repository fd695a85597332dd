import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../app/api-context';
import { startCamera, type CameraProblem, type CameraSession } from './barcode-reader';
import { CameraConsensus } from './camera-consensus';
import type { ScanMode } from './offline-queue';
import { ReviewSheet } from './ReviewSheet';
import { newMutationId, resolveScan, type Draft } from './scan-api';
import { useOfflineQueue } from './use-offline-queue';

const MODES: ScanMode[] = ['identify', 'add', 'consume', 'open', 'shopping'];
/** A hardware scanner types its digits faster than this gap; slower typing is a person. */
const WEDGE_GAP_MS = 80;

/**
 * The pantry screen: scan with the camera, a keyboard-wedge scanner or by typing; every code
 * becomes a draft to review. Offline, codes go to the queue and are resolved on reconnect.
 */
export function ScanScreen({ online }: { online: boolean }) {
  const { t } = useTranslation();
  const api = useApi();
  const [mode, setMode] = useState<ScanMode>('add');
  const [manual, setManual] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [open, setOpen] = useState<Draft | null>(null);
  const [ready, setReady] = useState<Draft[]>([]);
  const [inbox, setInbox] = useState<Draft[]>([]);
  const [camera, setCamera] = useState<CameraSession | null>(null);
  const [cameraProblem, setCameraProblem] = useState<CameraProblem | null>(null);
  const [torch, setTorch] = useState(false);
  const [wedge, setWedge] = useState(false);
  const video = useRef<HTMLVideoElement>(null);

  const loadInbox = useCallback(() => {
    if (!online) return;
    api.GET('/api/v1/scans/unresolved').then(({ data }) => data && setInbox(data), () => undefined);
  }, [api, online]);
  useEffect(loadInbox, [loadInbox]);

  const queue = useOfflineQueue(useCallback((drafts: Draft[]) => setReady((current) => [...current, ...drafts]), []));
  const { sync } = queue;
  // Back in touch with the service (signed in again, or the connection returned): work off the queue.
  useEffect(() => {
    if (online) void sync();
  }, [online, sync]);

  /** Only the decoded digits leave the device; offline they wait in the queue. */
  const submit = useCallback(
    async (code: string) => {
      setMessage(null);
      const queueIt = async () => {
        const result = await queue.enqueue(code, mode);
        setMessage(t(`scanner.queue.${result.status}`));
      };
      if (!navigator.onLine) return queueIt();
      const outcome = await resolveScan(api, code, mode, newMutationId('resolve'));
      if (outcome.ok) setOpen(outcome.draft);
      else if (outcome.kind === 'network') await queueIt();
      else if (outcome.kind === 'unauthorized') setMessage(t('scanner.signInAgain'));
      else setMessage(t('scanner.invalid'));
    },
    [api, mode, queue, t],
  );

  const stopCamera = useCallback(() => {
    camera?.stop();
    setCamera(null);
    setTorch(false);
  }, [camera]);
  useEffect(() => () => camera?.stop(), [camera]);

  const startScanning = async () => {
    setCameraProblem(null);
    if (!video.current) return;
    const consensus = new CameraConsensus();
    let session: CameraSession | null = null;
    const result = await startCamera(video.current, (read) => {
      const accepted = consensus.see(read, performance.now());
      if (!accepted) return;
      // One code at a time: the camera stops once a code is accepted.
      session?.stop();
      setCamera(null);
      void submit(accepted);
    });
    if ('problem' in result) setCameraProblem(result.problem);
    else {
      session = result;
      setCamera(result);
    }
  };

  useEffect(() => {
    if (!wedge) return;
    let buffer = '';
    let last = 0;
    const onKey = (event: KeyboardEvent) => {
      const now = performance.now();
      if (now - last > WEDGE_GAP_MS) buffer = '';
      last = now;
      if (/^\d$/.test(event.key)) buffer += event.key;
      else if (event.key === 'Enter' && buffer.length >= 4) {
        event.preventDefault();
        void submit(buffer);
        buffer = '';
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [wedge, submit]);

  const submitManual = (event: FormEvent) => {
    event.preventDefault();
    const code = manual.trim();
    setManual('');
    if (code) void submit(code);
  };

  const closeSheet = (done: string | null) => {
    const closed = open?.id;
    setReady((current) => current.filter((draft) => draft.id !== closed));
    setOpen(null);
    if (done) setMessage(done);
    loadInbox();
  };

  if (open) return <ReviewSheet draft={open} onDone={closeSheet} />;
  const toReview = [...ready, ...inbox.filter((draft) => !ready.some((r) => r.id === draft.id))];

  return (
    <section className="card scan" aria-labelledby="scan-heading">
      <div className="scan-head">
        <h2 id="scan-heading">{t('scanner.heading')}</h2>
        {queue.size !== null && (
          <span className="badge" data-testid="queue-size" aria-label={t('scanner.queue.badge', { count: queue.size })}>
            {queue.syncing ? `${queue.syncing.done}/${queue.syncing.total}` : queue.size}
          </span>
        )}
      </div>
      {!online && <p className="muted">{t('scanner.offline')}</p>}
      <label className="inline">
        {t('scanner.modeLabel')}
        <select name="mode" value={mode} onChange={(e) => setMode(e.target.value as ScanMode)}>
          {MODES.map((value) => (
            <option key={value} value={value}>
              {t(`scanner.mode.${value}`)}
            </option>
          ))}
        </select>
      </label>
      <video ref={video} className={camera ? 'camera camera-on' : 'camera'} muted playsInline data-testid="camera" />
      <div className="actions">
        {camera ? (
          <>
            <button type="button" onClick={stopCamera}>
              {t('scanner.stopCamera')}
            </button>
            {camera.setTorch && (
              <button type="button" className="secondary" onClick={() => void camera.setTorch?.(!torch).then(() => setTorch(!torch))}>
                {t(torch ? 'scanner.torchOff' : 'scanner.torchOn')}
              </button>
            )}
          </>
        ) : (
          <button type="button" onClick={() => void startScanning()}>
            {t('scanner.startCamera')}
          </button>
        )}
        <label className="inline">
          <input type="checkbox" checked={wedge} onChange={(e) => setWedge(e.target.checked)} />
          {t('scanner.wedge')}
        </label>
      </div>
      {cameraProblem && (
        <p className="form-problem" role="alert">
          {t(`scanner.camera.${cameraProblem}`)}
        </p>
      )}
      <form className="manual" onSubmit={submitManual}>
        <label>
          {t('scanner.manual')}
          <input name="code" inputMode="numeric" autoComplete="off" maxLength={40} value={manual} onChange={(e) => setManual(e.target.value)} />
        </label>
        <button type="submit">{t('scanner.lookUp')}</button>
      </form>
      {message && (
        <p className="notice" role="status" data-testid="scan-message">
          {message}
        </p>
      )}
      {queue.needsSignIn && <p className="form-problem">{t('scanner.signInAgain')}</p>}
      {(queue.size ?? 0) > 0 && online && (
        <button type="button" className="secondary" onClick={() => void queue.sync()}>
          {t('scanner.queue.syncNow')}
        </button>
      )}
      {toReview.length > 0 && (
        <div>
          <h3>{t('scanner.inbox')}</h3>
          <ul className="inbox" data-testid="inbox">
            {toReview.map((draft) => (
              <li key={draft.id}>
                <button type="button" className="link" onClick={() => setOpen(draft)}>
                  {draft.product_name ?? ((draft.suggestion as { name?: string } | null)?.name || draft.barcode_normalized)} · {t(`scanner.mode.${draft.mode}`)} ·{' '}
                  {new Date(draft.updated_at).toLocaleTimeString()}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
