/**
 * The comparison key of names (products, master data, receipt lines): lower case, German
 * umlauts and ß spelled out, every other non-alphanumeric character a space, spaces collapsed.
 */
export function normalizeKey(value: string): string {
  return value
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}
