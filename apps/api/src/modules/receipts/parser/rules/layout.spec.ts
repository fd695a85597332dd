import { describe, expect, it } from 'vitest';
import { afterSpecks, articleStart, COLUMN_HEADER, DEPARTMENT, isCodeLine, isColumnHeader, isHeaderish, withoutSpecks } from './layout.js';

const start = (text: string) => articleStart(text.split('\n'), ',', -1);

describe('where the articles start', () => {
  it('below the header: address, phone, till data', () => {
    expect(start('Markt\nHauptstr. 1\n12345 Stadt\nTel. 0123 456789\nMilch 1,19 A\nSUMME 1,19')).toBe(4);
  });

  it('below a street and a phone number whose digits OCR read as amounts', () => {
    expect(start('Markt\nHauptstr. 1,21\nTel.: 052 57/68 9,08\nMilch 1,19 A\nSUMME 1,19')).toBe(3);
  });

  it('keeps the legal name above the first article in the header', () => {
    expect(start('TESCO\nStores Ltd\nMILK 2PT £1,45\nTOTAL £1,45')).toBe(2);
    expect(start('Bäckerei\nMuster GmbH & Co. KG\nBrezel 0,65\nSUMME 0,65')).toBe(2);
    expect(isHeaderish('Kartoffeln 2,5 KG')).toBe(false);
  });

  it('takes up to three name lines above the first priced line, never header lines', () => {
    expect(start('Markt\nKasse 3 Bon 1234\nKaffee ganze\nBohne 1kg 12,99 A')).toBe(2);
    expect(start('Markt\nUNSERE ÖFFNUNGSZEITEN\nMo.-Sa. 9.00 Uhr - 20.00 Uhr\nMilch 1,19')).toBe(3);
  });

  it('leaves a restaurant’s table, covers, server and invoice number in the header', () => {
    const texts = 'RESTORAN CONTOH\nINVOICE NO: 55321\nTABLE 5\nPAX: 2\nSERVER: AMIN\nNASI LEMAK 15.00\nTOTAL 15.00'.split('\n');
    expect(articleStart(texts, '.', 6)).toBe(5);
    expect(start('Gasthaus zur Linde\nTisch 12 Bedienung: Maria\n2 Cola 0,4l 7,80\nSumme 7,80')).toBe(2);
    expect(start('Gasthaus\nTisch: 4\nPersonen: 2\nKellnerin: Anna\nSchnitzel 16,50\nSumme 16,50')).toBe(4);
    expect(start('Möbel\nTisch 2er Set 19,99\nSumme 19,99')).toBe(1);
    expect(start('Möbelhaus\nTisch 4 Personen 129,00\nStuhl 49,00\nSumme 178,00')).toBe(1);
    // A table among the articles is one.
    expect(articleStart('CAFE\nTABLE SALT 1KG 0.99\nTOTAL 0.99'.split('\n'), '.', 2)).toBe(1);
  });

  it('takes the line under the street for the town, whatever its postcode looks like', () => {
    expect(articleStart('Corner Market\n12 Main Street\nDublin D02 X285\nWhole Milk 2L €1.45\nTOTAL €1.45'.split('\n'), '.', 4)).toBe(3);
  });

  it('takes the line under the street for the name of a first article printed as a weight or count line', () => {
    expect(start('Markt\nLeipziger Str. 8\nBananen\n0,812 kg x 1,49 EUR/kg 1,21 A\nSUMME 1,21')).toBe(2);
    expect(start('Markt\nLeipziger Str. 8\nBrötchen\n5 x 0,35 1,75 A\nSUMME 1,75')).toBe(2);
    // Not the town with its postcode, and not above a count line without its amount (that names the article below it).
    expect(start('EDEKA Muster\nHauptstr. 5\n12345 Berlin\n2 x 0,99\nJoghurt 1,98 A\nMilch 1,19 A\nSUMME 3,17')).toBe(3);
    expect(start('ARAL\nHauptstr. 5\n12345 Berlin\n42,18 l x 1,789 EUR/l 75,46 A\nSUMME 75,46')).toBe(3);
    // A priced article line names itself: the line above it stays the town.
    expect(start('Markt\nLeipziger Str. 8\nHalle\nMilch 1,19 A\nSUMME 1,19')).toBe(3);
  });

  it('leaves a town above the first article in the header when every article names itself on its priced line', () => {
    const beforeTotal = (text: string) => {
      const texts = text.split('\n');
      return articleStart(texts, ',', texts.length - 1);
    };
    expect(beforeTotal('tegut\nFulda\nBrot Dinkel 3,49 1\nMilch 1,29 1\nButter 1,99 1\nSUMME 6,77')).toBe(2);
    // One article with its name above its amount, and the line above the first may be its name too.
    expect(beforeTotal('tegut\nKaffee ganze\nBohne 12,99 1\nMilch 1,29 1\nJoghurt\nNatur 3,5% 0,79 1\nSUMME 15,07')).toBe(1);
    // Too few articles to tell.
    expect(beforeTotal('tegut\nKaffee ganze\nBohne 12,99 1\nMilch 1,29 1\nSUMME 14,28')).toBe(1);
    // Only a town's one word: more is as likely the first half of the name.
    expect(beforeTotal('tegut\nKaffee ganze\nBohne 12,99 1\nMilch 1,29 1\nButter 1,99 1\nSUMME 16,27')).toBe(1);
  });

  it("leaves the document's title above the first article out of its name", () => {
    expect(start('Buchhandlung\nQuittung\nKochbuch\n9783836262552 49,90 1\nSUMME 49,90')).toBe(2);
    expect(start('Markt\nKassenbeleg\nMilch 1,19 A\nSUMME 1,19')).toBe(2);
  });

  it('does not start at a header line that reads like a priced one', () => {
    expect(start('Markt\nBahnhofstr. 1,21\nTel. 0123 456789\nMilch 1,19 A\nSUMME 1,19')).toBe(3);
  });

  it('tells header lines from an article with its number', () => {
    expect(isHeaderish('Tel. 0123 456789')).toBe(true);
    expect(isHeaderish('Hauptstraße 12')).toBe(true);
    expect(isHeaderish('LOT 2, JALAN 1')).toBe(true);
    expect(isHeaderish('4001234567890 Schraube')).toBe(false);
    expect(isHeaderish('3 4001234567890 Schraube')).toBe(false);
  });
});

describe('specks around a name', () => {
  it('cuts a run of short tokens ending in a speck before the name, and specks after it', () => {
    expect(withoutSpecks('x EZ . SALAT')).toBe('SALAT');
    expect(withoutSpecks('2 | FEINKOST')).toBe('FEINKOST');
    expect(withoutSpecks('KIWI 400G ;')).toBe('KIWI 400G');
    expect(withoutSpecks('S EZ S MORTADELLA')).toBe('MORTADELLA');
  });

  it('keeps short words that belong to the name', () => {
    expect(withoutSpecks('Dr. Oetker Pizza')).toBe('Dr. Oetker Pizza');
    expect(withoutSpecks('K & M Salat')).toBe('K & M Salat');
    expect(withoutSpecks('3 x Brötchen')).toBe('3 x Brötchen');
    expect(withoutSpecks('KM BBQ-Salat')).toBe('KM BBQ-Salat');
  });
});

describe('text after specks', () => {
  it('offers the line without each run of short tokens before its first word', () => {
    expect(afterSpecks('E } : ZU ZAHLEN 1,00')).toEqual(['E } : ZU ZAHLEN 1,00', '} : ZU ZAHLEN 1,00', ': ZU ZAHLEN 1,00', 'ZU ZAHLEN 1,00', 'ZAHLEN 1,00']);
    expect(afterSpecks('SUMME 1,00')).toEqual(['SUMME 1,00']);
  });
});

describe('article number lines', () => {
  it('knows a number on its own line', () => {
    expect(isCodeLine('Artikel 12345678 12345')).toBe(true);
    expect(isCodeLine('ART/EAN 4001234567890')).toBe(true);
    expect(isCodeLine('Artikel 12345678 12345 N')).toBe(true);
    expect(isCodeLine('Artikel 12345678 12345 Nord')).toBe(false);
    expect(isCodeLine('4001234567890 Schraube')).toBe(false);
    expect(isCodeLine('_Bestellnr.: 125525700100010')).toBe(true);
    expect(isCodeLine('Serien-Nr. 5012345')).toBe(true);
    expect(isCodeLine('Auftragsnummer: 123456')).toBe(true);
    expect(isCodeLine('Bonnummer 12')).toBe(false);
  });
});

describe('column headings', () => {
  it('are lines of headings only, split by spaces or slashes', () => {
    expect(COLUMN_HEADER.test('Artikel Menge Preis')).toBe(true);
    // Specks read between the headings (a crease, the paper's grain): still headings only.
    expect(isColumnHeader('kg EURO/kg | "EURO }')).toBe(true);
    expect(isColumnHeader('Menge ; Preis')).toBe(true);
    expect(isColumnHeader('| Summe')).toBe(false);
    expect(isColumnHeader('BANANEN LOSE { } f 6')).toBe(false);
    expect(isColumnHeader('Preis | 1,99')).toBe(false);
    expect(COLUMN_HEADER.test('CODE/DESC PRICE DISC AMOUNT')).toBe(true);
    expect(COLUMN_HEADER.test('QTY RM RM RM')).toBe(true);
    expect(COLUMN_HEADER.test('Art.Nr Bezeichnung Betrag')).toBe(true);
    expect(COLUMN_HEADER.test('Pos. Artikel-Nr. Anzahl Einzelpreis Betrag MwSt')).toBe(true);
    expect(COLUMN_HEADER.test('Nr. 12 Schraube')).toBe(false);
    expect(COLUMN_HEADER.test('RICE 5KG')).toBe(false);
    expect(COLUMN_HEADER.test('Preis 1,99')).toBe(false);
  });

  it('reads a long line of headings in one pass (each heading one way, a slash always a separator)', () => {
    // Read in more than one way, such a line takes hours: the test would not end.
    expect(COLUMN_HEADER.test(`${'st/st/'.repeat(30)}x`)).toBe(false);
    expect(COLUMN_HEADER.test('Preis/kg '.repeat(22))).toBe(true);
    expect(COLUMN_HEADER.test(`${'Art.Nr.'.repeat(40)}x`)).toBe(false);
  });
});

describe('department headings', () => {
  it('are a department alone on its line', () => {
    for (const heading of ['GROCERY', 'HEALTH AND BEAUTY', 'Obst & Gemüse', '** TIEFKÜHL **', 'Non Food']) expect(DEPARTMENT.test(heading)).toBe(true);
    for (const name of ['BAKERY ROLLS', 'DAIRY MILK 1,99', 'Backwaren-Mix']) expect(DEPARTMENT.test(name)).toBe(false);
  });
});
