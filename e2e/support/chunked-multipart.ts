import { request } from 'node:http';

/**
 * Sends `fields` text fields of `fieldBytes` each as multipart/form-data with chunked transfer
 * encoding (no Content-Length, so no size is known up front) and resolves with the status. The
 * server may answer and close before the body is through; writes after that are dropped.
 */
export function sendChunkedFields(url: string, fields: number, fieldBytes: number, headers: Record<string, string> = {}): Promise<{ status: number; body: string; sentBytes: number }> {
  const boundary = 'hostile-boundary-7d1f';
  const value = Buffer.alloc(fieldBytes, 'a');
  return new Promise((resolve, reject) => {
    let sentBytes = 0;
    let closed = false;
    const outgoing = request(url, { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked', ...headers } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => {
        closed = true;
        resolve({ status: response.statusCode ?? 0, body, sentBytes });
      });
    });
    outgoing.on('error', (error) => (closed ? undefined : reject(error)));
    const writeField = (index: number): void => {
      if (closed || outgoing.destroyed) return;
      if (index === fields) {
        outgoing.end(`--${boundary}--\r\n`);
        return;
      }
      const head = Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="note${index}"\r\n\r\n`);
      sentBytes += head.length + value.length + 2;
      outgoing.write(head);
      outgoing.write(value);
      const drained = outgoing.write('\r\n');
      if (drained) setImmediate(writeField, index + 1);
      else outgoing.once('drain', () => writeField(index + 1));
    };
    writeField(0);
  });
}
