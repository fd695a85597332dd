import { describe, expect, it } from 'vitest';
import { trailingAmount } from './receipt-numbers.js';

describe('trailingAmount', () => {
  it('reads the amount, its tax class and what stands before it', () => {
    expect(trailingAmount('Milch 1,19 A', ',')).toMatchObject({ amount: 1.19, rest: 'Milch', taxCode: 'A' });
    expect(trailingAmount('TOTAL $12.50', '.')).toMatchObject({ amount: 12.5, rest: 'TOTAL' });
  });

  it('reads the amount before a speck or two at the line’s end (the paper’s edge on a photo)', () => {
    expect(trailingAmount('SUPER SANDWICH 1,79 B ;', ',')).toMatchObject({ amount: 1.79, rest: 'SUPER SANDWICH', taxCode: 'B' });
    expect(trailingAmount('HARRY VOLLK.KUMPEL 0,78 8 |', ',')).toMatchObject({ amount: 0.78, rest: 'HARRY VOLLK.KUMPEL' });
    expect(trailingAmount('KIWIS 2,37 B ı', ',')).toMatchObject({ amount: 2.37, taxCode: 'B' });
    expect(trailingAmount('KIWI 400g 1,99 E€', ',')).toMatchObject({ amount: 1.99, rest: 'KIWI 400g', taxCode: 'E' });
    expect(trailingAmount('BANANAS 0.75 :', '.')).toMatchObject({ amount: 0.75, rest: 'BANANAS' });
    expect(trailingAmount('00005 Super bleifrei 34,00 EUR A #*', ',')).toMatchObject({ amount: 34, rest: '00005 Super bleifrei', taxCode: 'A' });
  });

  it('reads the paper’s edge read as a dash apart after the amount as a speck, a minus apart after the amount as a minus', () => {
    expect(trailingAmount('DROHNE 1.129,00 B -', ',')).toMatchObject({ amount: 1129, rest: 'DROHNE', taxCode: 'B' });
    expect(trailingAmount('Total EUR 1.129,00 —', ',')).toMatchObject({ amount: 1129, rest: 'Total' });
    expect(trailingAmount('KABEL 12,99 B –', ',')).toMatchObject({ amount: 12.99, taxCode: 'B' });
    expect(trailingAmount('PFAND 0,25 -', ',')).toMatchObject({ amount: -0.25, rest: 'PFAND' });
    expect(trailingAmount('LEERGUT 0,25- D', ',')).toMatchObject({ amount: -0.25, taxCode: 'D' });
  });

  it('reads a minus apart between an article number and its price as a speck, and one after a name as a minus', () => {
    expect(trailingAmount('2613607 - 225,00 B', ',')).toMatchObject({ amount: 225, rest: '2613607' });
    expect(trailingAmount('2613607 -225,00 B', ',')).toMatchObject({ amount: -225 });
    expect(trailingAmount('Rabatt - 0,50', ',')).toMatchObject({ amount: -0.5, rest: 'Rabatt' });
  });

  it('reads no amount where a bar closes a line without one, nor a number that is no amount', () => {
    expect(trailingAmount('SALATBAR |', ',')).toBeNull();
    expect(trailingAmount('Filiale 4711 |', ',')).toBeNull();
    expect(trailingAmount('Kasse 3 ;', ',')).toBeNull();
  });
});
