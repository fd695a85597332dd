/** Why the camera could not start, in the words the screen explains. */
export type CameraProblem = 'insecure' | 'unsupported' | 'denied' | 'no-camera' | 'failed';

export interface CameraSession {
  stop(): void;
  /** Present when the camera's track can switch its light on. */
  setTorch?: (on: boolean) => Promise<void>;
}

const CONSTRAINTS: MediaStreamConstraints = {
  audio: false,
  video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
};

/** One-dimensional retail formats only: a QR code is never a product code here. */
const NATIVE_FORMATS = ['ean_13', 'ean_8', 'upc_a', 'upc_e', 'code_128', 'code_39', 'itf'];

interface NativeDetector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}

function problemOf(error: unknown): CameraProblem {
  const name = (error as { name?: string } | undefined)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'no-camera';
  return 'failed';
}

function torchControl(stream: MediaStream): CameraSession['setTorch'] {
  const [track] = stream.getVideoTracks();
  const capabilities = (track?.getCapabilities?.() ?? {}) as { torch?: boolean };
  if (!track || !capabilities.torch) return undefined;
  return (on) => track.applyConstraints({ advanced: [{ torch: on } as MediaTrackConstraintSet] });
}

/**
 * Starts the camera in `video` and reports every decoded code to `onRead`. The browser's own
 * BarcodeDetector is used where it exists; otherwise ZXing's 1D reader decodes the frames.
 */
export async function startCamera(video: HTMLVideoElement, onRead: (code: string) => void): Promise<CameraSession | { problem: CameraProblem }> {
  if (!window.isSecureContext) return { problem: 'insecure' };
  if (!navigator.mediaDevices?.getUserMedia) return { problem: 'unsupported' };
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia(CONSTRAINTS);
  } catch (error) {
    return { problem: problemOf(error) };
  }
  video.srcObject = stream;
  video.muted = true;
  video.playsInline = true;
  await video.play().catch(() => undefined);
  const stopStream = () => stream.getTracks().forEach((track) => track.stop());

  const Native = (window as unknown as { BarcodeDetector?: new (options: { formats: string[] }) => NativeDetector }).BarcodeDetector;
  if (Native) {
    const detector = new Native({ formats: NATIVE_FORMATS });
    let running = true;
    const loop = async () => {
      while (running) {
        const found = await detector.detect(video).catch(() => []);
        for (const barcode of found) onRead(barcode.rawValue);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    void loop();
    return { stop: () => ((running = false), stopStream()), setTorch: torchControl(stream) };
  }

  // ZXing is most of the scanner's weight; it is fetched only when the browser has no detector.
  const { BrowserMultiFormatOneDReader } = await import('@zxing/browser');
  const reader = new BrowserMultiFormatOneDReader(undefined, { delayBetweenScanAttempts: 100, delayBetweenScanSuccess: 250 });
  const controls = await reader.decodeFromStream(stream, video, (result) => {
    if (result) onRead(result.getText());
  });
  return { stop: () => (controls.stop(), stopStream()), setTorch: torchControl(stream) };
}
