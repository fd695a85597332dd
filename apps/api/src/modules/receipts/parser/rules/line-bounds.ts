/**
 * Receipt lines are short (a till prints 30–60 characters). Longer input (pasted text, a PDF
 * text layer without line breaks, a hostile upload) is cut before any pattern sees it, so no
 * pattern's cost can grow with the input, and trims are loops rather than backtracking patterns.
 */
export const MAX_LINE_CHARS = 200;

export function boundedLine(text: string): string {
  return text.length > MAX_LINE_CHARS ? text.slice(0, MAX_LINE_CHARS) : text;
}

/** `text` without the characters of `set` at its end (linear, unlike `/[set]+$/` on a long run). */
export function trimEndOf(text: string, set: string): string {
  let end = text.length;
  while (end > 0 && set.includes(text[end - 1])) end -= 1;
  return text.slice(0, end);
}

/** `text` without the characters of `set` at its start. */
export function trimStartOf(text: string, set: string): string {
  let start = 0;
  while (start < text.length && set.includes(text[start])) start += 1;
  return text.slice(start);
}
