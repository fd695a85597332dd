export type Sharp = typeof import('sharp');
let imageLibrary: Promise<Sharp> | undefined;

/**
 * sharp (and libvips with it, about 9 MB resident) is loaded by the first photo, not at start.
 * One photo at a time is all a household uploads, so libvips gets one worker thread and no
 * operation cache: its default cache keeps up to 50 MB of decoded images for reuse that never
 * comes here. Product photos and receipt photos share it.
 */
export function images(): Promise<Sharp> {
  imageLibrary ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return imageLibrary;
}
