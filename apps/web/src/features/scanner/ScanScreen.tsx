import { useQuery, useQueryClient } from '@tanstack/react-query';
import Barcode from 'lucide-react/icons/barcode';
import Camera from 'lucide-react/icons/camera';
import CameraOff from 'lucide-react/icons/camera-off';
import CircleCheck from 'lucide-react/icons/circle-check';
import CloudUpload from 'lucide-react/icons/cloud-upload';
import Flashlight from 'lucide-react/icons/flashlight';
import FlashlightOff from 'lucide-react/icons/flashlight-off';
import Inbox from 'lucide-react/icons/inbox';
import LogIn from 'lucide-react/icons/log-in';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import ScanBarcode from 'lucide-react/icons/scan-barcode';
import Search from 'lucide-react/icons/search';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../app/api-context';
import { sharedKeys } from '../../app/query-keys';
import { ok } from '../../lib/api-result';
import { Badge, Banner, Button, Card, Checkbox, EmptyState, Field, Input, List, ListRow, ModeTiles, Skeleton, Thumbnail, type ModeTile } from '../../ui';
import { startCamera, type CameraProblem, type CameraSession } from './barcode-reader';
import { CameraConsensus } from './camera-consensus';
import { MODE_ICONS, MODES } from './mode-icons';
import { ReviewSheet } from './ReviewSheet';
import type { ScanMode } from './offline-queue';
import type { Draft } from './scan-api';
import { scanDesk, useScanDesk } from './scan-desk';
import type { SendOutcome } from './scan-sender';
import { useOfflineQueue, type QueueView } from './use-offline-queue';
import { useKeyboardWedge } from './wedge/use-keyboard-wedge';
import './scanner.css';

/** The "Hardware scanner" setting: a scanner works either way, this only changes the screen. */
const WEDGE_SETTING = 'hinv.scanner.wedge';

/**
 * The pantry screen: scan with the camera, a keyboard-wedge scanner or by typing; every code
 * becomes a draft to review. Every scan goes through the scan queue: sent at once when online,
 * kept and sent on reconnect when not. A scanner's code is taken wherever the focus is; one that
 * comes while a draft is under review waits behind it.
 * Phones get one column; from 900 px the capture is on the left and the drafts to review on the right.
 */
export function ScanScreen({ online }: { online: boolean }) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const desk = useScanDesk();
  const { mode, open, message } = desk;
  const [manual, setManual] = useState('');
  const [camera, setCamera] = useState<CameraSession | null>(null);
  const [cameraStarting, setCameraStarting] = useState(false);
  const [cameraProblem, setCameraProblem] = useState<CameraProblem | null>(null);
  const [torch, setTorch] = useState(false);
  const [wedge, setWedge] = useState(() => localStorage.getItem(WEDGE_SETTING) === 'on');
  const video = useRef<HTMLVideoElement>(null);
  const messageRef = useRef<HTMLDivElement>(null);

  // Drafts waiting on the service; the offline shell has no session to ask with.
  const inboxQuery = useQuery({ queryKey: sharedKeys.unresolvedScans, queryFn: () => ok(api.GET('/api/v1/scans/unresolved')), enabled: online });
  const stationQuery = useQuery({ queryKey: sharedKeys.stationScans, queryFn: () => ok(api.GET('/api/v1/scans/from-stations')), enabled: online });
  const refreshInbox = useCallback(() => {
    if (!online) return;
    void queryClient.invalidateQueries({ queryKey: sharedKeys.unresolvedScans });
    void queryClient.invalidateQueries({ queryKey: sharedKeys.stationScans });
  }, [online, queryClient]);

  const queue = useOfflineQueue(
    useCallback(
      (drafts: Draft[]) => {
        scanDesk.addReady(drafts);
        refreshInbox();
      },
      [refreshInbox],
    ),
  );
  const { sync, submit: send } = queue;
  // Back in touch with the service (signed in again, or the connection returned): work off the queue.
  useEffect(() => {
    if (online) void sync();
  }, [online, sync]);

  /** Only the decoded digits leave the device; the mode is the one chosen when the code came. */
  const submit = useCallback(
    async (code: string) => {
      scanDesk.say(null);
      scanDesk.countSending(1);
      let outcome: SendOutcome<Draft>;
      try {
        outcome = await send(code, scanDesk.getState().mode);
      } finally {
        scanDesk.countSending(-1);
      }
      if (outcome.status === 'resolved') {
        scanDesk.receive(outcome.draft);
        refreshInbox();
      } else if (outcome.status === 'queued' || outcome.status === 'duplicate' || outcome.status === 'full') {
        scanDesk.say({ text: t(`scanner.queue.${outcome.status}`), tone: outcome.status === 'queued' ? 'offline' : 'warning' });
      } else if (outcome.status === 'unauthorized') scanDesk.say({ text: t('scanner.signInAgain'), tone: 'warning' });
      else scanDesk.say({ text: t('scanner.invalid'), tone: 'warning' });
    },
    [send, t, refreshInbox],
  );
  useKeyboardWedge((code) => void submit(code));

  // A message below the fold (a phone after the review closed) scrolls into view.
  useEffect(() => {
    if (message) messageRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [message]);

  const stopCamera = useCallback(() => {
    camera?.stop();
    setCamera(null);
    setTorch(false);
  }, [camera]);
  useEffect(() => () => camera?.stop(), [camera]);

  const startScanning = async () => {
    setCameraProblem(null);
    if (!video.current || cameraStarting) return;
    setCameraStarting(true);
    const consensus = new CameraConsensus();
    let session: CameraSession | null = null;
    let done = false;
    try {
      const result = await startCamera(video.current, (read) => {
        if (done) return;
        const accepted = consensus.see(read, performance.now());
        if (!accepted) return;
        // One code at a time: the camera stops once a code is accepted (or, accepted before the
        // camera's start has returned, as soon as it has).
        done = true;
        session?.stop();
        setCamera(null);
        setTorch(false);
        void submit(accepted);
      });
      if ('problem' in result) setCameraProblem(result.problem);
      else if (done) result.stop();
      else {
        session = result;
        setCamera(result);
      }
    } finally {
      setCameraStarting(false);
    }
  };

  const submitManual = (event: FormEvent) => {
    event.preventDefault();
    const code = manual.trim();
    setManual('');
    if (code) void submit(code);
  };

  const closeSheet = (draft: Draft, done: string | null) => {
    scanDesk.settle(draft.id, done ? { text: done, tone: 'info', done: true } : null);
    refreshInbox();
  };
  const changeWedge = (on: boolean) => {
    setWedge(on);
    localStorage.setItem(WEDGE_SETTING, on ? 'on' : 'off');
  };

  // Scans of this screen first, then the stations' (newest first), then the rest of the inbox.
  const toReview = [...desk.ready, ...(stationQuery.data ?? []), ...(inboxQuery.data ?? [])].filter((draft, index, all) => all.findIndex((other) => other.id === draft.id) === index);
  const modeTiles: ModeTile<ScanMode>[] = MODES.map((value) => ({
    value,
    title: t(`scanner.mode.${value}`),
    description: t(`scanner.modeHint.${value}`),
    icon: MODE_ICONS[value],
  }));
  const timeFormat = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' });

  return (
    <section className="scan-screen" aria-labelledby="scan-heading">
      <div className="scan-header">
        <h2 id="scan-heading" className="scan-title">
          {t('scanner.heading')}
        </h2>
        <QueueBadge queue={queue} />
      </div>
      {!online && <Banner tone="offline">{t('scanner.offline')}</Banner>}
      {queue.needsSignIn && (
        <Banner tone="warning" icon={LogIn}>
          {t('scanner.signInAgain')}
        </Banner>
      )}
      <ModeTiles label={t('scanner.modeLabel')} options={modeTiles} value={mode} onChange={(next) => scanDesk.setMode(next)} />

      <div className="scan-layout">
        <div className="scan-capture">
          <Card className="scan-capture-card">
            <div className="scan-viewfinder" data-active={camera ? 'true' : undefined}>
              <video ref={video} className="scan-video" muted playsInline data-testid="camera" />
              {camera ? (
                <span className="scan-frame" aria-hidden="true" />
              ) : (
                <div className="scan-viewfinder-idle">
                  <ScanBarcode className="scan-viewfinder-icon" aria-hidden="true" />
                  <p>{t('scanner.viewfinderHint')}</p>
                </div>
              )}
            </div>
            <div className="scan-camera-actions">
              {camera ? (
                <>
                  <Button variant="secondary" size="lg" icon={CameraOff} onClick={stopCamera} className="scan-camera-main">
                    {t('scanner.stopCamera')}
                  </Button>
                  {camera.setTorch && (
                    <Button variant="secondary" size="lg" icon={torch ? FlashlightOff : Flashlight} onClick={() => void camera.setTorch?.(!torch).then(() => setTorch(!torch))}>
                      {t(torch ? 'scanner.torchOff' : 'scanner.torchOn')}
                    </Button>
                  )}
                </>
              ) : (
                <Button size="lg" icon={Camera} loading={cameraStarting} onClick={() => void startScanning()} className="scan-camera-main">
                  {t('scanner.startCamera')}
                </Button>
              )}
            </div>
            {cameraProblem && (
              <Banner tone={cameraProblem === 'failed' ? 'danger' : 'warning'} icon={CameraOff} role="alert">
                {t(`scanner.camera.${cameraProblem}`)}
              </Banner>
            )}
            <hr className="scan-divider" />
            <form className="scan-manual" onSubmit={submitManual}>
              <Field label={t('scanner.manual')} className="scan-manual-field">
                {(control) => (
                  <div className="scan-code">
                    <Barcode className="scan-code-icon" aria-hidden="true" />
                    <Input
                      {...control}
                      name="code"
                      inputMode="numeric"
                      enterKeyHint="search"
                      autoComplete="off"
                      maxLength={40}
                      value={manual}
                      onChange={(e) => setManual(e.target.value)}
                    />
                  </div>
                )}
              </Field>
              <Button type="submit" size="lg" icon={Search}>
                {t('scanner.lookUp')}
              </Button>
            </form>
            <Checkbox checked={wedge} onChange={(e) => changeWedge(e.target.checked)} label={t('scanner.wedge')} />
            {wedge && (
              <Banner tone="info" icon={ScanBarcode} data-testid="wedge-ready">
                {t('scanner.wedgeReady')}
              </Banner>
            )}
          </Card>
          {/* Always in the page, so screen readers announce each new text; the banner only shows it. */}
          <p className="ui-visually-hidden" role="status">
            {message?.text ?? ''}
          </p>
          {message && (
            <div ref={messageRef} className="scan-message">
              <Banner tone={message.tone} icon={message.done ? CircleCheck : undefined} data-testid="scan-message">
                {message.text}
              </Banner>
            </div>
          )}
        </div>

        <Card title={t('scanner.inbox')} headingLevel={3} flush className="scan-inbox">
          {(queue.size ?? 0) > 0 && online && (
            <Banner
              className="scan-inbox-banner"
              tone="info"
              icon={CloudUpload}
              action={
                <Button variant="quiet" icon={RefreshCw} onClick={() => void queue.sync()}>
                  {t('scanner.queue.syncShort')}
                </Button>
              }
            >
              {t('scanner.queue.waitingText', { count: queue.size ?? 0 })}
            </Banner>
          )}
          {inboxQuery.isError && (
            <Banner
              className="scan-inbox-banner"
              tone="danger"
              role="alert"
              action={
                <Button variant="quiet" icon={RefreshCw} onClick={() => void inboxQuery.refetch()}>
                  {t('scanner.retry')}
                </Button>
              }
            >
              {t('scanner.inboxFailed')}
            </Banner>
          )}
          {toReview.length > 0 ? (
            <List data-testid="inbox">
              {toReview.map((draft) => {
                const title = draft.product_name ?? ((draft.suggestion as { name?: string } | null)?.name || draft.barcode_normalized);
                const named = title !== draft.barcode_normalized || Boolean(draft.product_image_url);
                return (
                  <ListRow
                    key={draft.id}
                    title={title}
                    leading={
                      named ? (
                        <Thumbnail name={title} src={draft.product_image_url} size="sm" />
                      ) : (
                        <span className="scan-code-tile" aria-hidden="true">
                          <Barcode />
                        </span>
                      )
                    }
                    subtitle={[t(`scanner.mode.${draft.mode}`), timeFormat.format(new Date(draft.updated_at)), draft.station_name ? t('scanner.fromStation', { name: draft.station_name }) : null]
                      .filter(Boolean)
                      .join(' · ')}
                    onClick={() => scanDesk.review(draft)}
                  />
                );
              })}
            </List>
          ) : inboxQuery.isPending && online ? (
            <div className="scan-inbox-loading" aria-busy="true">
              <Skeleton width="100%" height={56} radius="md" />
              <Skeleton width="100%" height={56} radius="md" />
            </div>
          ) : (
            !inboxQuery.isError && <EmptyState icon={Inbox} headingLevel={3} title={t('scanner.inboxEmpty')} text={t('scanner.inboxEmptyText')} />
          )}
        </Card>
      </div>

      {open && (
        <ReviewSheet
          key={open.id}
          draft={open}
          waiting={desk.behind.length + desk.sending}
          onDone={(done) => closeSheet(open, done)}
          onDismiss={(draft) => scanDesk.dismiss(draft)}
        />
      )}
    </section>
  );
}

/** The queue at a glance: how many scans wait, how far a sync is, or that it needs a sign-in. */
function QueueBadge({ queue }: { queue: QueueView }) {
  const { t } = useTranslation();
  if (queue.size === null) return null;
  // The number is what tests and the stress bench read: size, or done/total while syncing.
  const number = queue.syncing ? `${queue.syncing.done}/${queue.syncing.total}` : String(queue.size);
  if (queue.syncing) {
    return (
      <Badge tone="info" icon={RefreshCw} className="scan-queue scan-queue--syncing">
        <span className="ui-visually-hidden">{t('scanner.queue.label')} </span>
        <span data-testid="queue-size">{number}</span> {t('scanner.queue.syncing')}
      </Badge>
    );
  }
  if (queue.needsSignIn) {
    return (
      <Badge tone="warning" icon={LogIn} className="scan-queue">
        <span className="ui-visually-hidden">{t('scanner.queue.label')} </span>
        <span data-testid="queue-size">{number}</span> {t('scanner.queue.signIn')}
      </Badge>
    );
  }
  if (queue.size === 0) {
    return (
      <Badge tone="neutral" icon={CircleCheck} className="scan-queue">
        {t('scanner.queue.none')}
        <span data-testid="queue-size" className="ui-visually-hidden" aria-hidden="true">
          {number}
        </span>
      </Badge>
    );
  }
  return (
    <Badge tone="accent" icon={CloudUpload} className="scan-queue">
      <span className="ui-visually-hidden">{t('scanner.queue.label')} </span>
      <span data-testid="queue-size">{number}</span> {t('scanner.queue.waiting')}
    </Badge>
  );
}
