import { paths } from './paths';

/**
 * The installed app as a Web Share Target: a photo or PDF shared from the gallery, the files app
 * or a mail app is posted here as multipart form data. One declaration for the manifest
 * (pwa/manifest.ts) and the service worker that takes the post (sw/share-target.ts); the server
 * answers the same path when the post reaches it without a worker (apps/api/src/common/http/web-app.ts).
 */
export const SHARE_TARGET = {
  action: paths.receiptShare,
  /** The form field the shared files arrive in. */
  filesField: 'receipt',
  accept: ['image/*', 'application/pdf', '.jpg', '.jpeg', '.png', '.webp', '.heic', '.heif', '.pdf'],
} as const;

/** What the receipts screen is told after a share, as `?share=` on its address. */
export type ShareLanding = 'missed' | 'full';
