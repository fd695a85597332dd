import type { Schemas } from '@hinv/api-client';
import { ApiError } from '../../lib/api-result';
import { mayScale, scalePhoto } from './scale-photo';

export type Receipt = Schemas['ReceiptResponse'];

/** Where an upload is: the photo being made smaller, or the share of bytes sent (1: the box is reading it). */
export type UploadProgress = 'preparing' | number;

/** Makes a photo smaller on the device, then uploads it; a PDF goes as it is. */
export async function sendReceipt(file: File, onProgress: (progress: UploadProgress) => void): Promise<Receipt> {
  if (mayScale(file)) onProgress('preparing');
  const prepared = await scalePhoto(file);
  onProgress(0);
  return uploadReceipt(prepared, onProgress);
}

/**
 * Sends one receipt file to `POST /api/v1/receipts/analyze`. XMLHttpRequest rather than fetch:
 * only it reports upload progress, which a phone on a slow connection needs to see.
 */
export function uploadReceipt(file: File, onProgress: (share: number) => void): Promise<Receipt> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/v1/receipts/analyze');
    request.withCredentials = true;
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const body = request.response as (Receipt & { code?: unknown; detail?: unknown }) | null;
      if (request.status >= 200 && request.status < 300 && body) return resolve(body);
      const detail = typeof body?.detail === 'string' ? body.detail : null;
      reject(new ApiError(request.status, typeof body?.code === 'string' ? body.code : null, detail));
    };
    request.onerror = () => reject(new ApiError(0, 'offline', null));
    const form = new FormData();
    form.append('image', file, file.name);
    request.send(form);
  });
}
