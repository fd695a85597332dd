import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import bwipjs from 'bwip-js/node';

/**
 * A video of a printed EAN-13 barcode, made at test time: bwip-js draws the code, ffmpeg turns
 * the picture into the raw .y4m stream Chromium plays as its fake camera.
 */
export async function barcodeVideo(code: string): Promise<string> {
  return pictureVideo(await bwipjs.toBuffer({ bcid: 'ean13', text: code, scale: 3, height: 22, includetext: true, paddingwidth: 24, paddingheight: 24, backgroundcolor: 'FFFFFF' }));
}

/** A video of any picture (a PNG), e.g. a label as the app itself printed it. */
export function pictureVideo(png: Buffer): string {
  const directory = mkdtempSync(join(tmpdir(), 'hinv-camera-'));
  const picture = join(directory, 'barcode.png');
  writeFileSync(picture, png);
  const video = join(directory, 'barcode.y4m');
  execFileSync('ffmpeg', [
    '-loglevel', 'error', '-y', '-loop', '1', '-i', picture,
    '-vf', 'scale=600:-2,pad=640:480:(ow-iw)/2:(oh-ih)/2:white',
    '-t', '2', '-r', '10', '-pix_fmt', 'yuv420p', video,
  ]);
  return video;
}

export function fakeCameraArgs(video: string): string[] {
  return ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`];
}
