/** Joins the class names that are set; falsy entries (a condition that did not hold) drop out. */
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
