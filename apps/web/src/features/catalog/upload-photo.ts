/**
 * Uploads a product photo with progress. fetch() cannot report upload progress, so this one
 * request uses XMLHttpRequest; the session cookie goes along as with every same-origin call.
 */
export function uploadPhoto(productId: string, file: File, onProgress: (fraction: number) => void): Promise<{ ok: boolean; status: number }> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/v1/catalog/products/${encodeURIComponent(productId)}/image`);
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    request.onload = () => resolve({ ok: request.status < 300, status: request.status });
    request.onerror = () => resolve({ ok: false, status: 0 });
    const form = new FormData();
    form.append('image', file);
    request.send(form);
  });
}
