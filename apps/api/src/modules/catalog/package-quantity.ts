/** "500 g" → [500, "g"]: the first number with its unit; a decimal comma becomes a dot. */
export function parsePackageQuantity(label: unknown): { amount: number; unit: string } | null {
  if (typeof label !== 'string') return null;
  const match = /(\d+(?:[.,]\d+)?)\s*([A-Za-zÄÖÜäöüß]+)/.exec(label);
  if (!match) return null;
  const amount = Number(match[1].replace(',', '.'));
  return amount > 0 ? { amount, unit: match[2] } : null;
}
