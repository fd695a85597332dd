/**
 * Reading what an outside service (a receipt provider, Grocy) answered, the same way for each:
 * the body is bounded while it arrives, and a failure reason is short, one line and keyless.
 */

/** At most this many characters of an outside answer reach a response or a log line. */
export const MAX_REASON_CHARS = 500;

export class AnswerTooLarge extends Error {}

/** The body as text, refusing to hold more than `limit` bytes of it. */
export async function readLimited(response: Response, limit: number): Promise<string> {
  if (!response.body) return '';
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) {
    await response.body.cancel().catch(() => undefined);
    throw new AnswerTooLarge();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new AnswerTooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Removes the key from text that came from the service (an error body may echo it) and keeps the
 * message on one line of at most MAX_REASON_CHARS characters.
 */
export function redactedReason(text: string, key: string | null): string {
  let reason = key ? text.split(key).join('[key]') : text;
  reason = reason.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/\s+/g, ' ').trim();
  return reason.length > MAX_REASON_CHARS ? `${reason.slice(0, MAX_REASON_CHARS - 1)}…` : reason;
}
