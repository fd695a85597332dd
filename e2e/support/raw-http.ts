import { connect } from 'node:net';

/** Sends bytes exactly as given (for malformed headers fetch refuses to send) and returns the status line's code. */
export async function rawRequest(port: number, request: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString();
      if (text.includes('\r\n\r\n')) socket.end();
    });
    socket.on('end', () => resolve({ status: Number(text.split(' ')[1]), text }));
    socket.on('error', reject);
    socket.setTimeout(30_000, () => socket.destroy(new Error('raw request timed out')));
  });
}
