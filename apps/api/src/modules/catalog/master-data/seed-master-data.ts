import type { Locale } from '@hinv/shared';

/** The starting locations, units and groups of a new household, in the owner's language. */
export const SEED_MASTER_DATA: Record<
  Locale,
  { locations: { name: string; isFreezer: boolean }[]; quantityUnits: { name: string; namePlural: string }[]; productGroups: string[] }
> = {
  de: {
    locations: [
      { name: 'Kühlschrank', isFreezer: false },
      { name: 'Gefrierschrank', isFreezer: true },
      { name: 'Vorratsschrank', isFreezer: false },
      { name: 'Keller', isFreezer: false },
    ],
    quantityUnits: [
      { name: 'Stück', namePlural: 'Stück' },
      { name: 'Packung', namePlural: 'Packungen' },
      { name: 'Flasche', namePlural: 'Flaschen' },
      { name: 'Dose', namePlural: 'Dosen' },
      { name: 'Gramm', namePlural: 'Gramm' },
      { name: 'Liter', namePlural: 'Liter' },
    ],
    productGroups: ['Obst & Gemüse', 'Milchprodukte', 'Fleisch & Fisch', 'Backwaren', 'Getränke', 'Vorräte'],
  },
  en: {
    locations: [
      { name: 'Fridge', isFreezer: false },
      { name: 'Freezer', isFreezer: true },
      { name: 'Pantry', isFreezer: false },
      { name: 'Cellar', isFreezer: false },
    ],
    quantityUnits: [
      { name: 'Piece', namePlural: 'Pieces' },
      { name: 'Pack', namePlural: 'Packs' },
      { name: 'Bottle', namePlural: 'Bottles' },
      { name: 'Can', namePlural: 'Cans' },
      { name: 'Gram', namePlural: 'Grams' },
      { name: 'Litre', namePlural: 'Litres' },
    ],
    productGroups: ['Fruit & vegetables', 'Dairy', 'Meat & fish', 'Bakery', 'Drinks', 'Pantry staples'],
  },
};
