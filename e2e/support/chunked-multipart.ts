import { request } from 'node:http';

/**
 * Sends `fields` text fields of `fieldBytes` each as multipart/form-data with chunked transfer
 * encoding (no Content-Length, so no size is known up front) and resolves with the status. The
 * server may answer and close before the body is through; nothing is sent once it has answered.
 */
export function sendChunkedFields(url: string, fields: number, fieldBytes: number, headers: Record<string, string> = {}): Promise<{ status: number; body: string; sentBytes: number }> {
  const boundary = 'hostile-boundary-7d1f';
  const value = Buffer.alloc(fieldBytes, 'a');
  return new Promise((resolve, reject) => {
    let sentBytes = 0;
    // Set once the answer's head arrived: nothing more is sent. A server that refuses a body early
    // closes the connection while it is still being sent; the reset that follows must not be taken
    // for no answer (nor, by writing on, make the client drop the answer it already has).
    let answered = false;
    const outgoing = request(url, { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked', ...headers } }, (response) => {
      answered = true;
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      // 'end' once the answer is complete; 'close' also when the reset cut the connection after it
      // arrived (a truncated body then fails the test's own checks on it). A second call is ignored.
      const done = () => resolve({ status: response.statusCode ?? 0, body, sentBytes });
      response.on('end', done);
      response.on('close', done);
      response.on('error', () => undefined);
    });
    outgoing.on('error', (error) => (answered ? undefined : reject(error)));
    const writeField = (index: number): void => {
      if (answered || outgoing.destroyed) return;
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
