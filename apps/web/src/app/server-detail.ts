/**
 * The server's own explanation of a refused request (`detail` of the error body), already in
 * the user's language. Validation errors carry a list instead; those return null so the
 * screen falls back to its own wording.
 */
export function serverDetail(error: unknown): string | null {
  const detail = (error as { detail?: unknown } | undefined)?.detail;
  return typeof detail === 'string' && detail.length > 0 ? detail : null;
}
