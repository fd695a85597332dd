import { describe, expect, it } from 'vitest';
import { dateReadAgain, findPurchaseDate, purchaseDateOf, slashOrderOf } from './dates.js';

const date = (text: string, order: 'dmy' | 'mdy' = 'dmy', today?: string) => findPurchaseDate(text.split('\n'), order, today);

describe('purchase dates', () => {
  it.each([
    ['14.03.2025 18:02', '2025-03-14'],
    ['14.03.25 18:02', '2025-03-14'],
    ['14-03-25 18:02', '2025-03-14'],
    ['2025-03-14', '2025-03-14'],
    ['Datum: 04. 04. 2020', '2020-04-04'],
    ['15,04,20 16:15', '2020-04-15'],
    ['Datum 14032025', '2025-03-14'],
    ['Datem-1403.25 18:02 Uhr', '2025-03-14'],
    ['14.0325 18:02', '2025-03-14'],
    ['Datum 140325', '2025-03-14'],
    ['2025/03/14 18:02', '2025-03-14'],
    ['14 Mar 2025 18:02', '2025-03-14'],
    ['14-MAR-25 6:02 PM', '2025-03-14'],
    ['Datum: 14. März 2025', '2025-03-14'],
    ['Date: March 14th, 2025', '2025-03-14'],
    ['Dec 1, 2024 10:00', '2024-12-01'],
    ['Datum 1403. 25 18:02 Uhr', '2025-03-14'],
    ['14.03,25 18:02', '2025-03-14'],
    ['14.03 ,2025 18:02', '2025-03-14'],
    ['14703. 2025 18:02', '2025-03-14'],
    ['14.037,25 18:02', '2025-03-14'],
    ['Datum-145 03.25 18:02 Uhr', '2025-03-14'],
    ['14,03,.25 18:02', '2025-03-14'],
    ['l4.03.2025 18:02', '2025-03-14'],
    ['14.O3.2O25 18:02', '2025-03-14'],
    ['1Z,03,25 18:02', '2025-03-12'],
  ])('%j → %s', (text, iso) => {
    expect(date(text)).toBe(iso);
  });

  it('reads slashed dates day first in Germany and month first in the US, unless a part says otherwise', () => {
    expect(date('12/03/18 10:00', 'dmy')).toBe('2018-03-12');
    expect(date('12/03/18 10:00', 'mdy')).toBe('2018-12-03');
    expect(date('03/25/2024', 'dmy')).toBe('2024-03-25');
    expect(date('03-25-2024 10:00', 'dmy')).toBe('2024-03-25');
    expect(date('04-03-2024 10:00', 'mdy')).toBe('2024-04-03');
  });

  it('prefers the date beside a time or "Datum", and one printed twice', () => {
    expect(date('MHD 01.01.2026\nDatum 14.03.2025')).toBe('2025-03-14');
    expect(date('Aktion bis 30.04.20\n24.04.20\nKarte 24.04.20')).toBe('2020-04-24');
  });

  it('does not take a date and time joined by a comma for a year', () => {
    expect(date('AS-Zeit 24.04,13:41 Uhr\n24.04.2020')).toBe('2020-04-24');
  });

  it('refuses misread years: before 2000, far after today; a date after today only when nothing else is printed', () => {
    expect(date('14.03.2075 12:00', 'dmy', '2026-11-25')).toBeNull();
    expect(date('14.03.1975 12:00')).toBeNull();
    expect(date('26.12.2026 12:00\n25.11.2026', 'dmy', '2026-11-25')).toBe('2026-11-25');
    expect(date('26.12.2026 12:00', 'dmy', '2026-11-25')).toBe('2026-12-26');
  });

  it('reads a year whose century has one digit misread by its last two digits', () => {
    expect(date('15.02.7020 15:08', 'dmy', '2026-11-25')).toBe('2020-02-15');
    expect(date('15.02.2920 15:08', 'dmy', '2026-11-25')).toBe('2020-02-15');
    // A date printed plainly beats one read so.
    expect(date('15.02.7020 15:08\nDatum 16.02.2020', 'dmy', '2026-11-25')).toBe('2020-02-16');
  });

  it('reads a year whose century has both digits misread only beside a time', () => {
    expect(date('15.02.7520 15:08', 'dmy', '2026-11-25')).toBe('2020-02-15');
    expect(date('Kasse 3 15.02.7520', 'dmy', '2026-11-25')).toBeNull();
    // Weaker than one digit misread.
    expect(date('15.02.7520 15:08\n16.02.7020 15:09', 'dmy', '2026-11-25')).toBe('2020-02-16');
  });

  it('does not take the tail of a garbled run of numbers over a readable date', () => {
    expect(date('Datum: 14, 03. 2.05\n14703. 2025 18:02')).toBe('2025-03-14');
  });

  it('prefers the full date the card slip\'s day and month agree with', () => {
    expect(date('Gutschein 13.03.2025\nKasse 2 14.03.25\nAS-Zeit 14.03. 18:02 Uhr')).toBe('2025-03-14');
  });

  it('reads a card slip date whose comma touches the time', () => {
    expect(date('AS-Zeit 14.03,18:02 Uhr', 'dmy', '2025-11-25')).toBe('2025-03-14');
  });

  it('reads a year-first date in a long digit run when no date is printed, and confirms a printed one by it', () => {
    expect(date('Vielen Dank\n25497004271012019013114595')).toBe('2019-01-31');
    expect(date('Vielen Dank\n7101207901219')).toBeNull();
    expect(date('AS-Zeit 31.01. 14:59 Uhr\n25497004271012019013114595', 'dmy', '2025-11-25')).toBe('2019-01-31');
    expect(date('Kasse 18.065,20 09:50\n0545180520005004240')).toBe('2020-05-18');
    expect(date('Kasse 18.065,20 09:50')).toBe('2020-06-18');
  });

  it('does not read six digits without "Datum" as a date', () => {
    expect(date('Bon 140325 18:02')).toBeNull();
  });

  it('takes a card slip date without its year when no full date is readable, with the year printed beside "Datum"', () => {
    expect(date('Datum: 1 3. 14,0M.202C\nAS-Zeit 14.03. 18:02 Uhr')).toBe('2020-03-14');
    expect(date('AS-Zeit 14.03, 18:02 Uhr', 'dmy', '2025-11-25')).toBe('2025-03-14');
    expect(date('AS-Zeit 24.12. 18:02 Uhr', 'dmy', '2025-11-25')).toBe('2024-12-24');
    expect(date('AS-Zeit 14.03. 18:02 Uhr')).toBeNull();
    expect(date('14.03.2025\nAS-Zeit 15.03. 18:02 Uhr')).toBe('2025-03-14');
  });
});

describe('readings that are not dates, and dates read with a digit wrong', () => {
  it('does not read an amount split by OCR on a payment line as a date', () => {
    expect(date('Karte EUR 19, 4,16\n14.03.25 18:02')).toBe('2025-03-14');
    expect(date('Karte EUR 19, 4,16')).toBeNull();
    expect(date('Betrag 14,03,25 EUR')).toBeNull();
  });

  it('reads a year beside "Datum" whose last digit is a letter', () => {
    expect(date('Datum: 14,03.202C')).toBe('2020-03-14');
  });

  it('takes the year beside "Datum" even with a speck glued before it', () => {
    expect(date('Datum: 14 XY 22025\nAS-Zeit 14.03,18:02 Uhr')).toBe('2025-03-14');
  });

  it('corrects one look-alike digit of a printed date that a barcode\'s digit run carries the other way', () => {
    expect(date('Kasse 14.06.25 18:02\n00123140525000456')).toBe('2025-05-14');
    expect(date('Kasse 14.06.25 18:02\n00123140625000456')).toBe('2025-06-14');
    // The run broken apart by a space OCR put in it still counts.
    expect(date('Datum 03.10.16 14:16\nKA090902 130216 10081416')).toBe('2016-10-08');
    // Not a look-alike digit (2 and 5): the printed date stands.
    expect(date('Kasse 14.02.25 18:02\n00123140525000456')).toBe('2025-02-14');
  });

  it('settles a year both readings of a date printed twice misread, each in one look-alike digit', () => {
    // "13" (3 for 8) and "2078" (7 for 1): 2018 is one digit from each; 2073 would be after today.
    expect(date('Bon 12.04.13 09:15\nKarte\n12.04.2078 09:15:31', 'dmy', '2025-06-01')).toBe('2018-04-12');
    // Without a today, both 2018 and 2073 fit: nothing is settled, and the plausible reading stands.
    expect(date('Bon 12.04.13 09:15\nKarte\n12.04.2078 09:15:31')).toBe('2013-04-12');
    // One reading a digit away from the other: either may be the misread one, the usual choice stands.
    expect(date('Bon 12.04.18 09:15\nKarte\n12.04.2013 09:15:31', 'dmy', '2025-06-01')).toBe('2018-04-12');
    expect(date('Bon 12.04.13 09:15\nKarte\n12.04.2018', 'dmy', '2025-06-01')).toBe('2013-04-12');
    // Different days are different dates: no year is settled between them.
    expect(date('Bon 12.04.13 09:15\nKarte\n13.04.2078 09:15:31', 'dmy', '2025-06-01')).toBe('2013-04-12');
  });

  it('keeps a printed date OCR was sure of against a digit run it was not sure of', () => {
    const lines = ['Kasse 14.06.25 18:02', '00123140525000456'];
    const sure = (printed: number, run: number) => (index: number) => (index === 0 ? printed : run);
    expect(findPurchaseDate(lines, 'dmy', undefined, sure(0.95, 0.1))).toBe('2025-06-14');
    // Both about as doubtful, or the run the surer one: the run settles the digit.
    expect(findPurchaseDate(lines, 'dmy', undefined, sure(0.72, 0.66))).toBe('2025-05-14');
    expect(findPurchaseDate(lines, 'dmy', undefined, sure(0.4, 0.9))).toBe('2025-05-14');
  });

  it('takes the day and month of a card slip OCR was sure of over a printed date one look-alike digit away that it was not', () => {
    const lines = ['Bon 16.04.25 16:16', 'Kartenzahlung', 'AS-Zeit 15.04. 16:14 Uhr'];
    const sure = (printed: number, slip: number) => (index: number) => (index === 0 ? printed : slip);
    expect(findPurchaseDate(lines, 'dmy', undefined, sure(0.1, 0.95))).toBe('2025-04-15');
    // Both about as sure, or the printed date the surer one: the printed date stands.
    expect(findPurchaseDate(lines, 'dmy', undefined, sure(0.7, 0.9))).toBe('2025-04-16');
    expect(findPurchaseDate(lines, 'dmy', undefined, sure(0.95, 0.1))).toBe('2025-04-16');
    // Without word confidences nothing says which reading is the misread one.
    expect(findPurchaseDate(lines, 'dmy')).toBe('2025-04-16');
    // A day not one look-alike digit away is another day (a slip of the day before).
    expect(findPurchaseDate(['Bon 16.04.25 16:16', 'AS-Zeit 12.04. 16:14 Uhr'], 'dmy', undefined, sure(0.1, 0.95))).toBe('2025-04-16');
  });
});

describe('slashed date order', () => {
  it('reads month first only on US receipts', () => {
    expect(slashOrderOf(['TOTAL $4.10'], 'en', 'USD')).toBe('mdy');
    expect(slashOrderOf(['TOTAL 4.10'], 'en', 'EUR')).toBe('mdy');
    expect(slashOrderOf(['TOTAL €4.10'], 'en', 'EUR')).toBe('dmy');
    expect(slashOrderOf(['TOTAL £4.10'], 'en', 'GBP')).toBe('dmy');
    expect(slashOrderOf(['SUMME 4,10'], 'de', 'EUR')).toBe('dmy');
    // GST: Australia, Malaysia, Singapore, New Zealand.
    expect(slashOrderOf(['GST 6% 0.30', 'TOTAL 5.20'], 'en', 'EUR')).toBe('dmy');
    expect(slashOrderOf(['TOTAL RM 5.20'], 'en', 'MYR')).toBe('dmy');
    expect(slashOrderOf(['GST included 0.47', 'TOTAL $5.20'], 'en', 'USD')).toBe('dmy');
    expect(slashOrderOf(['HST 13% 0.71', 'GST 0.30', 'TOTAL $5.20'], 'en', 'CAD')).toBe('mdy');
    expect(slashOrderOf(['TOTAL ₱250.00'], 'en', 'PHP')).toBe('mdy');
    expect(slashOrderOf(['CGST 2.5% 1.35', 'TOTAL 56.70'], 'en', 'INR')).toBe('dmy');
  });
});

describe('month names', () => {
  it('are only whole month names', () => {
    expect(date('2 Marmelade 12')).toBeNull();
    expect(date('3 Maisdosen 25')).toBeNull();
  });
});

describe('a date line read again', () => {
  const lines = ['SUMME 7,16', 'Bar 10,00', '3182 ,03. 15:5C', 'Vielen Dank'];

  it('takes the date from the line read again when the lines as read name none', () => {
    expect(findPurchaseDate(lines, 'dmy', '2026-11-27')).toBeNull();
    const again = [undefined, undefined, ['3182 02.03.20 15:59'], undefined];
    expect(dateReadAgain(lines, again, 'dmy', '2026-11-27')).toBe('2020-03-02');
  });

  it('tries each line`s second other reading when the first names no date', () => {
    const again = [undefined, undefined, ['3182 ,03.20 15:59', '3182 02.03.20 15:59'], undefined];
    expect(dateReadAgain(lines, again, 'dmy', '2026-11-27')).toBe('2020-03-02');
  });

  it('lets a date after today as printed give way to a date not after it from the line read again', () => {
    const printed = ['SUMME 7,16', 'Bar 10,00', '18.05.27 09:50 0000545', 'Vielen Dank'];
    const again = [undefined, undefined, ['18.05.20 09:50 0000545'], undefined];
    expect(purchaseDateOf(printed, again, 'dmy', '2026-11-27')).toBe('2020-05-18');
    // With no other reading, or one after today too, the printed date stands (a till's clock set wrong).
    expect(purchaseDateOf(printed, [], 'dmy', '2026-11-27')).toBe('2027-05-18');
    expect(purchaseDateOf(printed, [undefined, undefined, ['18.05.28 09:50']], 'dmy', '2026-11-27')).toBe('2027-05-18');
    // A printed date not after today is not questioned by another reading.
    expect(purchaseDateOf(printed, again, 'dmy', '2027-06-01')).toBe('2027-05-18');
  });

  it('takes no date after today from a line read again, nor anything without other readings', () => {
    const again = [undefined, undefined, ['18.05.27 09 50 0000545'], undefined];
    expect(dateReadAgain(lines, again, 'dmy', '2026-11-27')).toBeNull();
    expect(dateReadAgain(lines, [], 'dmy', '2026-11-27')).toBeNull();
  });
});
