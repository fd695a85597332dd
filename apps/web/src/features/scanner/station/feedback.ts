/** What a scan at the station came to: the sound and colour say it before anyone reads. */
export type ScanOutcome = 'known' | 'new' | 'queued' | 'mode' | 'error';

// Two rising notes for a known product, one middle note for a new one (it waits in the inbox),
// two falling low notes for an error; a short click for a mode change or a queued scan.
const TONES: Record<ScanOutcome, readonly [frequency: number, seconds: number][]> = {
  known: [
    [880, 0.08],
    [1320, 0.12],
  ],
  new: [[660, 0.18]],
  queued: [[520, 0.06]],
  mode: [[1040, 0.06]],
  error: [
    [300, 0.15],
    [200, 0.25],
  ],
};

let context: AudioContext | null = null;

/** Plays the outcome's tone; silent where the browser has no audio or has not been touched yet. */
export function playOutcome(outcome: ScanOutcome): void {
  try {
    context ??= new AudioContext();
    let at = context.currentTime;
    for (const [frequency, seconds] of TONES[outcome]) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.2, at);
      gain.gain.exponentialRampToValueAtTime(0.001, at + seconds);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(at);
      oscillator.stop(at + seconds);
      at += seconds;
    }
  } catch {
    // No sound is a lesser evil than a lost scan.
  }
}

/** Keeps the screen on while the station page is open, where the browser allows it. */
export function keepScreenOn(): () => void {
  let lock: WakeLockSentinel | null = null;
  let released = false;
  const request = () => {
    if (released || document.visibilityState !== 'visible' || !('wakeLock' in navigator)) return;
    navigator.wakeLock.request('screen').then(
      (sentinel) => (lock = sentinel),
      () => undefined,
    );
  };
  // The browser releases the lock whenever the page is hidden; take it again on return.
  document.addEventListener('visibilitychange', request);
  request();
  return () => {
    released = true;
    document.removeEventListener('visibilitychange', request);
    void lock?.release().catch(() => undefined);
  };
}
