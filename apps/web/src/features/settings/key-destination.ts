/**
 * The service keeps a stored key only while the address's origin (scheme, host, port) and, for
 * the receipt provider, the type stay the same; a new destination needs the key entered again.
 * The forms use this to say so before saving.
 */
export function keyFollows(saved: { url: string; type?: string }, draft: { url: string; type?: string }): boolean {
  return saved.type === draft.type && originOf(saved.url) === originOf(draft.url.trim());
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}
