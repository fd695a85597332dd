import { describe, expect, it } from 'vitest';
import { articleLines } from './items.js';

const read = (text: string, decimal: ',' | '.' = ',') => {
  const texts = text.split('\n');
  return articleLines(texts, 0, texts.length, decimal, []).lines.map((l) => [l.name, l.quantity, l.unitPrice, l.totalPrice]);
};

describe('article lines', () => {
  it('reads GST or sales tax printed above the total as tax, not as an article', () => {
    const texts = ['RICE 5KG 12.50', 'TEA 3.20', 'GST 6% 0.94', 'SALES TAX 0.10', 'TOTAL GST @6%: 0.20', 'T = CA TAX 7.2500 on $4.99 $0.36', 'GST included 0.47', 'ROUND AMT: 0.01'];
    const read = articleLines(texts, 0, texts.length, '.', []);
    expect(read.lines.map((l) => l.name)).toEqual(['RICE 5KG', 'TEA']);
    expect(read.tax).toBe(1.6);
    expect(read.rounding).toBe(0.01);
  });

  it('leaves department headings out of the names below them, and the regular price out of the articles', () => {
    expect(read('GROCERY\n212030045 MILK 1 GAL $3.59\nHEALTH AND BEAUTY\nTOOTHPASTE $4.99\nRegular Price $5.49', '.')).toEqual([
      ['MILK 1 GAL', 1, 3.59, 3.59],
      ['TOOTHPASTE', 1, 4.99, 4.99],
    ]);
    // Above an amount or a count alone, the product group is the article's name.
    expect(read('GETRÄNKE\n2,50\nBACKWAREN\n2 x 1,60 3,20')).toEqual([
      ['GETRÄNKE', 1, 2.5, 2.5],
      ['BACKWAREN', 2, 1.6, 3.2],
    ]);
  });

  it('reads cash rounding above the total as part of the sum, not as an article', () => {
    const texts = ['RICE 5KG 12.52', 'ROUNDING ADJ -0.02'];
    const read = articleLines(texts, 0, texts.length, '.', []);
    expect(read.lines.map((l) => l.name)).toEqual(['RICE 5KG']);
    expect(read.rounding).toBe(-0.02);
  });

  it('reads tax and rounding printed after the item count, and no article there', () => {
    const texts = ['RICE 5KG 12.52', 'TOTAL QTY: 1', 'SUBTOTAL 12.52', 'GST 6% 0.71', 'ROUNDING ADJ -0.02', 'NOTE 4.00'];
    const read = articleLines(texts, 0, texts.length, '.', []);
    expect(read.lines.map((l) => l.name)).toEqual(['RICE 5KG']);
    expect(read.tax).toBe(0.71);
    expect(read.rounding).toBe(-0.02);
  });

  it('reads a name and an amount with its tax class', () => {
    expect(read('Milch 1,19 A\nBrot 2,49 A')).toEqual([
      ['Milch', 1, 1.19, 1.19],
      ['Brot', 1, 2.49, 2.49],
    ]);
  });

  it('leaves a mark before the first word, a class letter read with an umlaut and a closing hyphen out of the name', () => {
    expect(read('#Super E5 Ä 39,35 EUR*\nSALATBAR- 2,18\nVitamin C 1,99 A')).toEqual([
      ['Super E5', 1, 39.35, 39.35],
      ['SALATBAR', 1, 2.18, 2.18],
      ['Vitamin C', 1, 1.99, 1.99],
    ]);
  });

  it('leaves a plus sign before the first word out of the name and reads a pound sign before a digit as the E it was printed as', () => {
    expect(read('+Super £5 A 39,35 EUR+*\nTee X£5 2,18')).toEqual([
      ['Super E5 A', 1, 39.35, 39.35],
      ['Tee X£5', 1, 2.18, 2.18],
    ]);
  });

  it('pairs a count line with the article below or above it', () => {
    expect(read('2 x 1,29\nJoghurt 2,58 A')).toEqual([['Joghurt', 2, 1.29, 2.58]]);
    expect(read('Joghurt 2,58 A\n2 x 1,29\nBrot 2,49 A')).toEqual([
      ['Joghurt', 2, 1.29, 2.58],
      ['Brot', 1, 2.49, 2.49],
    ]);
  });

  it('joins a name wrapped onto a second line', () => {
    expect(read('Kaffee Crema\nganze Bohne 12,99 A')).toEqual([['Kaffee Crema ganze Bohne', 1, 12.99, 12.99]]);
  });

  it('joins a word broken at its hyphen, but keeps a suspended hyphen before a conjunction', () => {
    expect(read('Dinkel-Vollkorn- Toastbrot 2,89 A\nObst- und Gemüsemix 1,99 A')).toEqual([
      ['Dinkel-Vollkorn-Toastbrot', 1, 2.89, 2.89],
      ['Obst- und Gemüsemix', 1, 1.99, 1.99],
    ]);
  });

  it('keeps discounts and returned deposits negative', () => {
    expect(read('Milch 1,19 A\nRabatt 0,20-\nLeergut -0,25')).toEqual([
      ['Milch', 1, 1.19, 1.19],
      ['Rabatt', 1, -0.2, -0.2],
      ['Leergut', 1, -0.25, -0.25],
    ]);
  });

  it('reads returned empties as a credit even when the minus was not read', () => {
    expect(read('Milch 1,19\nLEERGUT 0,25 A')).toEqual([
      ['Milch', 1, 1.19, 1.19],
      ['LEERGUT', 1, -0.25, -0.25],
    ]);
    // The word read apart.
    expect(read('LEER GUT EW 0,50 C')).toEqual([['LEER GUT EW', 1, -0.5, -0.5]]);
  });

  it('skips payment, VAT and pump volume lines', () => {
    expect(read('Benzin 39,35 EUR\n26,97 Liter Säule 2\nec-cash 39,35\nNetto MwSt. 19,00 33,07 6,28')).toEqual([['Benzin', 1, 39.35, 39.35]]);
  });

  it('reads English lines with the currency before every amount and multi-buy savings', () => {
    expect(read('Whole Milk 2L €1.45\n2 x Orange Juice 1L €5.00\nMultibuy saving -€1.47\n0.638 kg @ €1.20/kg €0.77', '.')).toEqual([
      ['Whole Milk 2L', 1, 1.45, 1.45],
      ['Orange Juice 1L', 2, 2.5, 5],
      ['Multibuy saving', 1, -1.47, -1.47],
    ]);
  });

  it('skips separators, item counts and subtotals', () => {
    expect(read('Milch 1,19\n-----------\nPosten: 1\nZwischensumme 1,19')).toEqual([['Milch', 1, 1.19, 1.19]]);
  });
});

describe('lines OCR read in part', () => {
  it('takes the name below an article number with its amount (electronics, furniture)', () => {
    expect(read('1234567 99,00 b\nBRAND\nMODEL X1\n414 GROUP\n7654321 9,99 b\nOTHER\nCABLE 2M')).toEqual([
      ['BRAND MODEL X1', 1, 99, 99],
      ['OTHER CABLE 2M', 1, 9.99, 9.99],
    ]);
  });

  it('takes the name above an article number when only a reference number stands below it (books)', () => {
    expect(read('Kochbuch\n9783836262552 49,90 1\nBestellnr.: 125525700100010')).toEqual([['Kochbuch', 1, 49.9, 49.9]]);
    expect(read('1234567 99,00 b\nBRAND\nMODEL X1\nSerien-Nr. 5012345')).toEqual([['BRAND MODEL X1', 1, 99, 99]]);
  });

  it('takes the name above a weighed line across a line of column headings read with specks', () => {
    expect(read('BANANEN LOSE\nkg EURO/kg | "EURO }\n0,158 1,19 0,19')).toEqual(read('BANANEN LOSE\nkg EURO/kg EURO\n0,158 1,19 0,19'));
    expect(read('BANANEN LOSE\nkg EURO/kg | "EURO }\n0,158 1,19 0,19')[0][0]).toBe('BANANEN LOSE');
  });

  it('keeps the product group out of the name below an article number, also behind a speck', () => {
    expect(read('123456 89,99 2\nKINDERRAD 16\n2 414 SPIELZEUG')).toEqual([['KINDERRAD 16', 1, 89.99, 89.99]]);
  });

  it('does not glue a line whose amount was not read onto the next article', () => {
    expect(read('JOGHURT PUR O3 a6\nRIEGEL 5ER 1,89 C')).toEqual([['RIEGEL 5ER', 1, 1.89, 1.89]]);
    expect(read('JOGHURT PUR le\nRIEGEL 5ER 1,89 C')).toEqual([['RIEGEL 5ER', 1, 1.89, 1.89]]);
  });

  it('takes the name lines right above an amount alone on its line, but not the ones before', () => {
    expect(read('MILCH 1,19\nSALAMI PIZZA O3 a6\nKAFFEE CREMA\nGANZE BOHNE\n12,99 A')).toEqual([
      ['MILCH', 1, 1.19, 1.19],
      ['KAFFEE CREMA GANZE BOHNE', 1, 12.99, 12.99],
    ]);
    expect(read('Dinkelbrot\nmit\nKernen\n750g 3,80 €')).toEqual([['Dinkelbrot mit Kernen 750g', 1, 3.8, 3.8]]);
  });

  it('reads specks with an amount as the count line when the next amount is a multiple of it', () => {
    expect(read('ZW 1,15\nEIS 2,30 B')).toEqual([['EIS', 2, 1.15, 2.3]]);
  });

  it('reads a count line behind specks of any length when the next amount is the printed count times it', () => {
    expect(read('EEE 2x 0,99\nEIS 1,98 B')).toEqual([['EIS', 2, 0.99, 1.98]]);
    expect(read('2 2X 1,59\nEIS 3,18 B')).toEqual([['EIS', 2, 1.59, 3.18]]);
    // The printed count disagrees with the amounts: an article after all.
    expect(read('EEE 3x 0,99\nEIS 1,98 B')).toEqual([
      ['EEE 3x', 1, 0.99, 0.99],
      ['EIS', 1, 1.98, 1.98],
    ]);
  });

  it('ends the articles at the item count and at a card slip', () => {
    expect(read('Milch 1,19 A\n2 Posten: 1\nxx Ar 1,00')).toEqual([['Milch', 1, 1.19, 1.19]]);
    expect(read('Milch 1,19 A\nKartenzahlung\nAID 15,38\nTerminal-I 6542,18')).toEqual([['Milch', 1, 1.19, 1.19]]);
    // The slip's heading cut short by faint print.
    expect(read('Super 34,00\nx Kundenbe E0 *X\nBetrag 34,00')).toEqual([['Super', 1, 34, 34]]);
    // A slip heading above the first article does not end them.
    expect(read('KUNDENBELEG\nMilch 1,19 A')).toEqual([['Milch', 1, 1.19, 1.19]]);
  });

  it('takes the names below an amount whose article number was lost, on a receipt that prints names below numbers', () => {
    expect(read('2365088 105,99 b\nDROHNE X\n414 SPIELZEUG\n8,99 b\nTP-LINK\nWLAN-ADAPTER\n$#% 3565 ZUBEHOER')).toEqual([
      ['DROHNE X', 1, 105.99, 105.99],
      ['TP-LINK WLAN-ADAPTER', 1, 8.99, 8.99],
    ]);
  });

  it('skips the card slip\'s amount line behind a speck', () => {
    expect(read('Milch 1,19 A\nzZ Betrag: EUR 1,19')).toEqual([['Milch', 1, 1.19, 1.19]]);
  });

  it('keeps apart names whose amount left a digit read as a letter before the tax class', () => {
    expect(read('CHICKEN CURRY SE\nMARZIPAN SE\nKIWI 400G 1,99 E')).toEqual([['KIWI 400G', 1, 1.99, 1.99]]);
  });

  it('keeps the tail of an article number line that wrapped onto the name out of the name', () => {
    expect(read('Artikel 50306244\nLED LAMPE GU10 22237\n2,000 * 3,99 7,98 0')).toEqual([['LED LAMPE GU10', 2, 3.99, 7.98]]);
    expect(read('Artikel 50306244 22237\nLED LAMPE GU10 7,98 0')).toEqual([['LED LAMPE GU10', 1, 7.98, 7.98]]);
  });

  it('reads a pump line with litres and the price per litre as the fuel\'s count, above or below its name', () => {
    expect(read('Säule 03 Super\n42,18 l 1,789 EUR/l 75,46 A\nSnickers 1,29 A')).toEqual([
      ['Säule 03 Super', 42.18, 1.789, 75.46],
      ['Snickers', 1, 1.29, 1.29],
    ]);
    expect(read('Super bleifrei 34,00 EUR A\n02 22,68 l 1,499 EUR/l')).toEqual([['Super bleifrei', 22.68, 1.499, 34]]);
  });

  it('skips a pump\'s volume line behind specks', () => {
    expect(read('E + 26,97 Liter Säule 2\nSuper E5 39,35 EUR')).toEqual([['Super E5', 1, 39.35, 39.35]]);
  });

  it('computes a multi-buy whose amount was not read', () => {
    expect(read('Käse 2,59 x 2 5 18°A\nReis 0,99 A')).toEqual([
      ['Käse', 2, 2.59, 5.18],
      ['Reis', 1, 0.99, 0.99],
    ]);
  });

  it('skips till and card-slip numbers read as amounts', () => {
    expect(read('Milch 1,19\nUhrzeit 16,10\nTA-Nr 4368 BNr 2,91\nCappuccino 3,10 €')).toEqual([
      ['Milch', 1, 1.19, 1.19],
      ['Cappuccino', 1, 3.1, 3.1],
    ]);
  });

  it('skips article number lines and price notes', () => {
    expect(read('Artikel 12345678 12345\nSESSEL 20,00 O0\n2 * Maske 19,90\nEinzelpreis EUR 9,95')).toEqual([
      ['SESSEL', 1, 20, 20],
      ['Maske', 2, 9.95, 19.9],
    ]);
  });

  it('pairs a weighed line under its name', () => {
    expect(read('BANANEN\nkg EUR/kg EUR\n0,158 1,19 0,19')).toEqual([['BANANEN', 0.158, 1.19, 0.19]]);
  });
});

describe('the amount column', () => {
  // Words at a fixed 10 units per character, the amounts right-aligned at x = 300.
  const line = (name: string, amount?: string) => {
    const words = name.split(' ').reduce<Array<{ text: string; box: { x0: number; y0: number; x1: number; y1: number } }>>((all, text) => {
      const x0 = all.length === 0 ? 0 : (all.at(-1)?.box.x1 ?? 0) + 10;
      return [...all, { text, box: { x0, y0: 0, x1: x0 + 10 * text.length, y1: 10 } }];
    }, []);
    if (amount) words.push({ text: amount, box: { x0: 300 - 10 * amount.length, y0: 0, x1: 300, y1: 10 } });
    return words;
  };
  const read = (rows: Array<[string, string?]>) => {
    const texts = rows.map(([name, amount]) => (amount ? `${name} ${amount}` : name));
    return articleLines(texts, 0, texts.length, ',', [], undefined, rows.map(([name, amount]) => line(name, amount))).lines.map((l) => [l.name, l.totalPrice]);
  };

  it('does not join a line with specks where the amount should be onto the next article', () => {
    const specks = line('JOGHURT PUR');
    specks.push({ text: 'BO', box: { x0: 270, y0: 0, x1: 290, y1: 10 } });
    const texts = ['MILCH 1,19', 'BROT 2,49', 'JOGHURT PUR BO', 'RIEGEL 5ER 1,89'];
    const words = [line('MILCH', '1,19'), line('BROT', '2,49'), specks, line('RIEGEL 5ER', '1,89')];
    expect(articleLines(texts, 0, 4, ',', [], undefined, words).lines.map((l) => [l.name, l.totalPrice])).toEqual([
      ['MILCH', 1.19],
      ['BROT', 2.49],
      ['RIEGEL 5ER', 1.89],
    ]);
  });

  it('still joins a wrapped name that ends before the amount column', () => {
    expect(read([['MILCH', '1,19'], ['BROT', '2,49'], ['GRIECHISCHER'], ['JOGHURT', '1,89']])).toEqual([
      ['MILCH', 1.19],
      ['BROT', 2.49],
      ['GRIECHISCHER JOGHURT', 1.89],
    ]);
  });
});

describe('articles whose amount OCR lost or garbled', () => {
  it('keeps a name line apart whose amount was lost but whose tax class is left', () => {
    expect(read('Käse am Stück 7 E\nBrot 2,49 E')).toEqual([['Brot', 1, 2.49, 2.49]]);
    expect(read('Milch 1,19 E\nKäse am Stück 7 E\nBrot 2,49 E')).toEqual([
      ['Milch', 1, 1.19, 1.19],
      ['Brot', 1, 2.49, 2.49],
    ]);
  });

  it('reports the articles whose amount was not read', () => {
    const texts = ['Milch 1,19 A', 'Brötchen | |]', 'Brot 2,49 A'];
    expect(articleLines(texts, 0, texts.length, ',', []).unread).toEqual([{ name: 'Brötchen', index: 1, after: 1 }]);
  });

  it('gives an article whose amount was not read the count line printed above it', () => {
    // Count lines above their articles; the next count line belongs to the article after it.
    const texts = ['2 x 0,39', 'Brötchen 0,78 B', '2 x 0,49', 'Kiwis 0,8 B', '3 x 0,99', 'Riegel 2,97 B'];
    const lines = articleLines(texts, 0, texts.length, ',', []);
    expect(lines.unread).toEqual([{ name: 'Kiwis', index: 3, after: 1, counted: { quantity: 2, unitPrice: 0.49 } }]);
    expect(lines.lines.map((l) => [l.name, l.quantity, l.totalPrice])).toEqual([
      ['Brötchen', 2, 0.78],
      ['Riegel', 3, 2.97],
    ]);
  });

  it('keeps a count line for the amount below that it gives, not for the unread article between', () => {
    const texts = ['2 x 0,39', 'Brötchen 0,78 B', '2 x 0,49', 'Kiwis | |', 'Salat 0,98 B'];
    const lines = articleLines(texts, 0, texts.length, ',', []);
    expect(lines.unread).toEqual([{ name: 'Kiwis', index: 3, after: 1 }]);
    expect(lines.lines.map((l) => [l.name, l.quantity, l.totalPrice])).toEqual([
      ['Brötchen', 2, 0.78],
      ['Salat', 2, 0.98],
    ]);
  });

  it('starts an article at its count line, and keeps the article number beside the amount out of the name', () => {
    expect(read('Beratung\n2 * Maske FFP2\n08001287 2 * 9,95 EUR 19,90')).toEqual([['Maske FFP2', 2, 9.95, 19.9]]);
  });

  it('does not glue a line of specks above onto the name', () => {
    expect(read('Milch 1,19 A\nA 2X (1,39\nSaft 0,78 A')).toEqual([
      ['Milch', 1, 1.19, 1.19],
      ['Saft', 1, 0.78, 0.78],
    ]);
  });

  it('reads specks with a unit price as the count line when the amount below is a multiple with one digit misread', () => {
    expect(read('AR 0,49\nKiwi 0,48 B')).toEqual([['Kiwi', 2, 0.49, 0.48]]);
  });

  it('reads a count line behind a speck at the paper\'s edge, and a count printed again before the name', () => {
    expect(read('4001234567890 Schraube\n3 2.000 STK 3.98 19', '.')).toEqual([['Schraube', 2, 1.99, 3.98]]);
    expect(read('3 x Orange Juice €7.50\n3 @ €2.50', '.')).toEqual([['Orange Juice', 3, 2.5, 7.5]]);
  });

  it('does not take "Artikel - 12345678 12345" for a name', () => {
    expect(read('Artikel - 50319963 22621\nTasse 2,99')).toEqual([['Tasse', 1, 2.99, 2.99]]);
  });

  it('reads a decimal comma read as a colon before a tax class, but not a time', () => {
    expect(read('Waschmittel 20 WL 3:95 41\nSpülmittel 0,85 A')).toEqual([
      ['Waschmittel 20 WL', 1, 3.95, 3.95],
      ['Spülmittel', 1, 0.85, 0.85],
    ]);
    expect(read('Abholung 14:35 Uhr\nSpülmittel 0,85 A').map((line) => line[3])).toEqual([0.85]);
  });

  it('keeps apart a name whose amount left a bare number after its size', () => {
    const texts = ['Zahnpasta 75ml 15', 'Bodylotion 400ml 2,25 A'];
    const read = articleLines(texts, 0, texts.length, ',', []);
    expect(read.lines.map((l) => l.name)).toEqual(['Bodylotion 400ml']);
    expect(read.unread.map((u) => u.name)).toEqual(['Zahnpasta 75ml']);
  });

  it('reads lost lines as one article until one ends in an amount\'s remains', () => {
    const texts = ['Milch 1,19 A', 'Würstchen Wiener Art 6', 'Stk Ti A', 'Brot 2,49 A'];
    expect(articleLines(texts, 0, texts.length, ',', []).unread).toEqual([{ name: 'Würstchen Wiener Art 6 Stk', index: 1, after: 1 }]);
  });

  it('drops the digit the paper\'s edge left before many names, but not a count', () => {
    expect(read('2 Milch 1,19 A\n2 Brot 2,49 A\n22 Salat 2,67 A\nKäse 4,38 A').map((line) => line[0])).toEqual(['Milch', 'Brot', 'Salat', 'Käse']);
    expect(read('2 Milch 1,19 A\nBrot 2,49 A\nSalat 2,67 A\nKäse 4,38 A').map((line) => line[0])).toEqual(['2 Milch', 'Brot', 'Salat', 'Käse']);
  });

  it('keeps coupons and price reductions negative when the minus was lost', () => {
    expect(read('Shampoo 4,90 A\n10% Coupon Pflege 1,15 A').map((line) => line[3])).toEqual([4.9, -1.15]);
  });
});
