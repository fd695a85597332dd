// Receipt layouts for the corpus: each turns a random purchase into printed rows (what the till
// prints, cell by cell, with positions) and the truth a reader should get back from them.
// Amounts are whole cents throughout, so the truth adds up exactly as a till's does.

/** Deterministic PRNG (mulberry32), so one seed always gives one corpus. */
export function random(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min, max) => min + Math.floor(next() * (max - min + 1));
  const pick = (list) => list[Math.floor(next() * list.length)];
  const chance = (p) => next() < p;
  const sample = (list, n) => {
    const copy = [...list];
    const out = [];
    while (out.length < n && copy.length > 0) out.push(copy.splice(Math.floor(next() * copy.length), 1)[0]);
    return out;
  };
  return { next, int, pick, chance, sample };
}

const money = (centsValue, decimal) => {
  const negative = centsValue < 0;
  const abs = Math.abs(centsValue);
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, decimal === ',' ? '.' : ',');
  return `${negative ? '-' : ''}${whole}${decimal}${String(abs % 100).padStart(2, '0')}`;
};
const weight = (grams, decimal) => (grams / 1000).toFixed(3).replace('.', decimal);
const pad = (left, right, width) => `${left}${' '.repeat(Math.max(1, width - left.length - right.length))}${right}`;
const two = (n) => String(n).padStart(2, '0');
/** About how many characters of a proportional 8.5 pt font fit into `pt` points. */
const charsIn = (pt) => Math.floor(pt / (0.56 * 8.5));
/** A name broken at spaces into lines of at most `max` characters, as tills wrap long names. */
function wrap(text, max) {
  const out = [];
  for (const word of text.split(' ')) {
    const last = out.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= max) out[out.length - 1] = `${last} ${word}`;
    else out.push(word);
  }
  return out;
}
/** The till's rounding of weight × price per kg, half up. */
const weighed = (grams, perKgCents) => Math.round((grams * perKgCents) / 1000);

// name, price in cents, deposit in cents (bottles)
const DE_FOOD = [
  ['Vollmilch 3,5% 1L', 119], ['Bio Joghurt Natur 500g', 99], ['Gouda jung am Stück 400g', 349], ['Spaghetti No.5 500g', 129],
  ['Deutsche Markenbutter 250g', 229], ['Kaffee Crema ganze Bohne 1kg', 1299], ['Mineralwasser Classic 1,5L', 49, 25],
  ['Apfelsaft naturtrüb 1L', 179], ['Tomaten passiert 500g', 89], ['Eier Freiland 10 Stk', 299], ['Toastbrot Vollkorn 500g', 149],
  ['Frischkäse Kräuter 200g', 139], ['Haferdrink Barista 1L', 219], ['Schlagsahne 30% 200ml', 89], ['Früchte-Müsli 750g', 279],
  ['Zartbitter-Schokolade 100g', 119], ['Chips Paprika 175g', 169], ['Orangensaft 100% 1L', 199], ['Basmati Reis 1kg', 249],
  ['Mozzarella 125g', 79], ['Räucherlachs 100g', 349], ['Pils 0,5L', 89, 8], ['Cola Zero 1,5L', 139, 25], ['Kräuterquark 250g', 119],
  ['Bio Bergkäse 200g', 389], ['Tiefkühl-Pizza Salami 350g', 249], ['Sonnenblumenöl 1L', 229], ['Mehl Type 405 1kg', 79],
  ['Kaffeepads Classic 4x16 Stk', 599], ['Erdbeer-Konfitüre extra 450g', 219], ['Würstchen Wiener Art 6 Stk', 259],
];
const DE_WEIGHED = [['Bananen', 199], ['Äpfel Braeburn', 299], ['Rispentomaten', 349], ['Kartoffeln festkochend', 129], ['Gouda Theke', 1290], ['Hackfleisch gemischt', 890], ['Karotten lose', 149]];
const DE_LONG = [
  ['Bio Dinkel-Vollkorn-Toastbrot mit Sonnenblumenkernen 500g', 289],
  ['Griechischer Sahnejoghurt Honig-Walnuss 4x150g', 249],
  ['Schwarzwälder Schinken hauchdünn geschnitten 100g', 299],
  ['Mediterrane Gemüsepfanne tiefgekühlt 750g', 329],
];
const DE_DRUG = [
  ['Zahnpasta Sensitive 75ml', 145], ['Duschgel Men Sport 250ml', 95], ['Shampoo Repair & Pflege 300ml', 245], ['Toilettenpapier 3-lagig 8x150', 299],
  ['Handseife Nachfüller 500ml', 115], ['Deo Spray Fresh 150ml', 175], ['Wattepads 120 Stk', 65], ['Windeln Gr. 4 Jumbo 44 Stk', 1195],
  ['Sonnencreme LSF 50 200ml', 495], ['Vitamin C Brausetabletten 20 Stk', 55], ['Taschentücher 24x9', 189], ['Spülmittel Zitrone 500ml', 85],
  ['Bodylotion Aloe Vera 400ml', 225], ['Zahnbürste mittel 2er', 199], ['Waschmittel Color 20 WL', 395], ['Rasiergel Sensitive 200ml', 135],
];
const DE_DRUG_LONG = [['Feuchtigkeitscreme Tag & Nacht für empfindliche Haut 50ml', 395], ['Baby Feuchttücher sensitiv parfümfrei 4x52 Stk', 475]];
const DE_BAKERY = [
  ['Laugenbrezel', 55], ['Brötchen', 35], ['Roggenmischbrot 1000g', 320], ['Croissant', 95], ['Bienenstich', 240], ['Käsekuchen', 260],
  ['Kaffee groß', 290], ['Cappuccino', 310], ['Mohnschnecke', 160], ['Apfeltasche', 150], ['Körnerbrötchen', 55], ['Berliner', 120],
];
const DE_BAKERY_LONG = [['Dinkel-Vollkornbrot mit Sonnenblumenkernen 750g', 380], ['Schwarzwälder Kirschtorte Stück', 340]];
const US_FOOD = [
  ['MILK 2% GAL', 349], ['EGGS LARGE 12CT', 299], ['BREAD WHITE', 249], ['PEANUT BUTTER CREAMY', 379], ['CHEDDAR SHARP 8OZ', 329],
  ['ORANGE JUICE 52OZ', 449], ['CEREAL HONEY OATS', 399], ['GROUND COFFEE 12OZ', 799], ['PASTA PENNE 16OZ', 129], ['TOMATO SAUCE 24OZ', 219],
  ['YOGURT GREEK VANILLA', 125], ['PAPER TOWELS 6 ROLL', 899], ['SODA COLA 12PK', 649, 60], ['SPARKLING WATER 8PK', 449, 40], ['TORTILLA CHIPS', 299],
];
const US_WEIGHED = [['BANANAS', 59], ['APPLES GALA', 199], ['GRAPES RED SEEDLESS', 249], ['ONIONS YELLOW', 99]];
const UK_FOOD = [
  ['Semi Skimmed Milk 4 Pints', 145], ['Free Range Eggs 6 Pack', 189], ['Baked Beans 415g', 85], ['Mature Cheddar 400g', 325],
  ['Wholemeal Bread 800g', 135], ['Tea Bags 80s', 250], ['Digestive Biscuits 400g', 110], ['Smooth Orange Juice 1L', 175],
  ['Chicken Thighs 1kg', 399], ['Sparkling Water 2L', 75], ['Ready Salted Crisps 6pk', 165], ['Porridge Oats 1kg', 120], ['Greek Style Yogurt 500g', 155],
];
const UK_WEIGHED = [['Bananas Loose', 76], ['Carrots Loose', 55], ['Red Onions Loose', 95]];
const UK_LONG = [['Finest Hand Cooked Sea Salt & Cider Vinegar Crisps 150g', 225]];

/** A purchase: article lines with amounts, then deposits and discounts as the layout allows. */
function basket(r, { pool, weighedPool = [], longPool = [], min = 5, max = 12, weighedShare = 0.15, multiShare = 0.2, maxCount = 4, weighedUnit = 'kg' }) {
  const n = r.int(min, max);
  const items = [];
  const chosen = r.sample(pool, n);
  for (const [name, price, deposit] of chosen) {
    if (weighedPool.length > 0 && r.chance(weighedShare)) {
      const [wName, perUnit] = r.pick(weighedPool);
      if (items.some((i) => i.name === wName)) continue;
      const grams = weighedUnit === 'lb' ? r.int(40, 400) * 10 : r.int(120, 1800);
      items.push({ name: wName, quantity: grams / 1000, grams, unit: weighedUnit, unitPrice: perUnit, total: weighed(grams, perUnit), weighed: true });
      continue;
    }
    const quantity = r.chance(multiShare) ? r.int(2, maxCount) : 1;
    items.push({ name, quantity, unit: 'piece', unitPrice: price, total: quantity * price, deposit: deposit ? deposit * quantity : 0 });
  }
  if (longPool.length > 0 && r.chance(0.6)) {
    const [name, price] = r.pick(longPool);
    items.splice(r.int(0, items.length), 0, { name, quantity: 1, unit: 'piece', unitPrice: price, total: price, long: true });
  }
  return items;
}

const truthLine = (item) => ({ name: item.name, quantity: item.quantity, unitPrice: item.unitPrice / 100, total: item.total / 100, kind: item.kind ?? 'item' });

function finish(model) {
  const totalCents = model.lines.reduce((s, l) => s + l.totalCents, 0) + (model.taxCents ?? 0);
  return { ...model, totalCents };
}

const DE_STREETS = ['Hauptstraße 12', 'Bahnhofstr. 3', 'Marktplatz 7', 'Lindenallee 45', 'Kölner Str. 118', 'Am Ring 2'];
const DE_CITIES = ['50667 Köln', '80331 München', '10115 Berlin', '20095 Hamburg', '70173 Stuttgart', '04109 Leipzig'];
const timeOf = (r) => `${two(r.int(7, 20))}:${two(r.int(0, 59))}`;
const dateOf = (r) => ({ y: r.int(2023, 2026), m: r.int(1, 12), d: r.int(1, 28) });
const iso = ({ y, m, d }) => `${y}-${two(m)}-${two(d)}`;

/** A German supermarket till (REWE/EDEKA style): monospace, EUR column, counts and weights below the line, names wrapped at the width. */
function deSupermarket(r) {
  const width = r.pick([36, 40, 42]);
  const store = r.pick(['REWE Markt GmbH', 'EDEKA Center Müller', 'REWE City', 'EDEKA Schmidt e.K.', 'nahkauf Weber']);
  const date = dateOf(r);
  const rows = [];
  const mono = (text, extra = {}) => rows.push({ cells: [{ text, x: 0 }], ...extra });
  mono(store, { size: 1.4, bold: true });
  mono(r.pick(DE_STREETS));
  mono(r.pick(DE_CITIES));
  mono(`Tel.: 0${r.int(200, 899)} ${r.int(100000, 999999)}`);
  mono(`UID Nr.: DE${r.int(100000000, 999999999)}`);
  mono(pad('', 'EUR', width));
  const upper = r.chance(0.6);
  const lines = [];
  for (const item of basket(r, { pool: DE_FOOD, weighedPool: DE_WEIGHED, longPool: DE_LONG })) {
    const name = upper ? item.name.toUpperCase() : item.name;
    const tax = r.pick(['A', 'A', 'B']);
    const price = `${money(item.total, ',')} ${tax}`;
    const room = width - price.length - 1;
    if (name.length > room) {
      const cut = name.lastIndexOf(' ', room);
      mono(name.slice(0, cut));
      mono(pad(name.slice(cut + 1), price, width));
    } else mono(pad(name, price, width));
    if (item.weighed) mono(`  ${weight(item.grams, ',')} kg x ${money(item.unitPrice, ',')} EUR/kg`);
    else if (item.quantity > 1) mono(`  ${item.quantity} Stk x ${money(item.unitPrice, ',').padStart(6)}`);
    lines.push({ ...truthLine({ ...item, name }), totalCents: item.total });
    if (item.deposit) {
      mono(pad(upper ? 'PFAND' : 'Pfand', `${money(item.deposit, ',')} A`, width));
      lines.push({ name: upper ? 'PFAND' : 'Pfand', quantity: 1, unitPrice: item.deposit / 100, total: item.deposit / 100, kind: 'deposit', totalCents: item.deposit });
    }
  }
  if (r.chance(0.4)) {
    const off = -r.int(20, 150);
    const name = upper ? 'RABATT COUPON' : 'Rabatt Coupon';
    mono(pad(name, `${money(off, ',')} A`, width));
    lines.push({ name, quantity: 1, unitPrice: off / 100, total: off / 100, kind: 'discount', totalCents: off });
  }
  const model = finish({ lines });
  mono('-'.repeat(width));
  mono(pad('SUMME', `EUR ${money(model.totalCents, ',')}`, Math.floor(width / 1.2)), { bold: true, size: 1.2 });
  mono('='.repeat(width));
  const given = Math.ceil(model.totalCents / 1000) * 1000 + (r.chance(0.5) ? 1000 : 0);
  if (r.chance(0.5)) {
    mono(pad('Geg. BAR', `EUR ${money(given, ',')}`, width));
    mono(pad('Rückgeld BAR', `EUR ${money(given - model.totalCents, ',')}`, width));
  } else {
    mono(pad('Geg. EC-Cash', `EUR ${money(model.totalCents, ',')}`, width));
    mono('Kartenzahlung girocard');
    mono(`Terminal-ID ${r.int(10000000, 99999999)}`);
  }
  mono('');
  mono('Steuer  %    Netto   Steuer  Brutto');
  const net = Math.round(model.totalCents / 1.07);
  mono(`A=  7,0% ${money(net, ',').padStart(8)} ${money(model.totalCents - net, ',').padStart(7)} ${money(model.totalCents, ',').padStart(7)}`);
  mono(`Gesamtbetrag ${money(net, ',').padStart(8)} ${money(model.totalCents - net, ',').padStart(7)} ${money(model.totalCents, ',').padStart(7)}`);
  mono('');
  mono(`Datum: ${two(date.d)}.${two(date.m)}.${date.y}`);
  mono(`Uhrzeit: ${timeOf(r)}:${two(r.int(0, 59))} Uhr`);
  mono(`Beleg-Nr. ${r.int(1000, 9999)}`);
  mono(`Markt:${r.int(1000, 9999)} Kasse:${r.int(1, 9)} Bed.:${r.int(100000, 999999)}`);
  mono('Vielen Dank für Ihren Einkauf!');
  return { layout: 'de-supermarket', font: r.pick(['Courier', 'DejaVuMono']), widthChars: width, rows, truth: { store, date: iso(date), currency: 'EUR', total: model.totalCents / 100, lines: model.lines } };
}

/** A German discounter (Lidl/ALDI style): proportional font in columns, counts above the line, discounts and bottle returns. */
function deDiscounter(r) {
  const store = r.pick(['LIDL', 'ALDI SÜD', 'Netto Marken-Discount', 'PENNY Markt', 'ALDI Nord']);
  const date = dateOf(r);
  const rows = [];
  const row = (cells, extra = {}) => rows.push({ cells, ...extra });
  const priceX = r.pick([0.82, 0.86, 0.9]);
  const widthPt = r.pick([190, 215, 226]);
  if (r.chance(0.5)) row([{ text: 'Willkommen bei', x: 0.5, align: 'center' }]);
  row([{ text: store, x: 0.5, align: 'center' }], { size: 1.6, bold: true });
  row([{ text: r.pick(DE_STREETS), x: 0.5, align: 'center' }]);
  row([{ text: r.pick(DE_CITIES), x: 0.5, align: 'center' }]);
  row([{ text: `Filiale ${two(r.int(1, 99))}${two(r.int(0, 99))}`, x: 0.5, align: 'center' }]);
  row([{ text: 'EUR', x: priceX, align: 'right' }]);
  const lines = [];
  for (const item of basket(r, { pool: DE_FOOD, weighedPool: DE_WEIGHED, longPool: [], weighedShare: 0.2, multiShare: 0.3 })) {
    if (item.weighed) row([{ text: `${weight(item.grams, ',')} kg x ${money(item.unitPrice, ',')} EUR/kg`, x: 0.04 }]);
    else if (item.quantity > 1) row([{ text: `${item.quantity} x ${money(item.unitPrice, ',')}`, x: 0.04 }]);
    const parts = wrap(item.name, charsIn((widthPt - 20) * priceX - 30));
    for (const part of parts.slice(0, -1)) row([{ text: part, x: 0 }]);
    row([{ text: parts.at(-1), x: 0 }, { text: money(item.total, ','), x: priceX, align: 'right' }, { text: 'A', x: 0.95 }]);
    lines.push({ ...truthLine(item), totalCents: item.total });
    if (item.deposit) {
      row([{ text: 'Pfand', x: 0 }, { text: money(item.deposit, ','), x: priceX, align: 'right' }, { text: 'B', x: 0.95 }]);
      lines.push({ name: 'Pfand', quantity: 1, unitPrice: item.deposit / 100, total: item.deposit / 100, kind: 'deposit', totalCents: item.deposit });
    }
    if (r.chance(0.2)) {
      const off = -Math.max(10, Math.round((item.total * r.pick([10, 20, 30])) / 100));
      const name = r.pick(['Rabatt 20%', 'Preisvorteil', 'Aktionsrabatt', 'Lidl Plus Rabatt']);
      row([{ text: name, x: 0.04 }, { text: money(off, ','), x: priceX, align: 'right' }, { text: 'A', x: 0.95 }]);
      lines.push({ name, quantity: 1, unitPrice: off / 100, total: off / 100, kind: 'discount', totalCents: off });
    }
  }
  if (r.chance(0.5)) {
    const back = -r.int(1, 8) * 25;
    row([{ text: 'Leergut Einweg', x: 0 }, { text: money(back, ','), x: priceX, align: 'right' }, { text: 'B', x: 0.95 }]);
    lines.push({ name: 'Leergut Einweg', quantity: 1, unitPrice: back / 100, total: back / 100, kind: 'deposit', totalCents: back });
  }
  const model = finish({ lines });
  row([{ text: '-'.repeat(40), x: 0 }]);
  row([{ text: 'zu zahlen', x: 0 }, { text: money(model.totalCents, ','), x: priceX, align: 'right' }], { bold: true, size: 1.3 });
  row([{ text: 'Kartenzahlung', x: 0 }, { text: money(model.totalCents, ','), x: priceX, align: 'right' }]);
  row([{ text: 'girocard', x: 0 }]);
  row([{ text: 'MWST%', x: 0 }, { text: 'MWST', x: 0.4, align: 'right' }, { text: 'Netto', x: 0.65, align: 'right' }, { text: 'Brutto', x: priceX, align: 'right' }]);
  const net = Math.round(model.totalCents / 1.07);
  row([{ text: 'A 7 %', x: 0 }, { text: money(model.totalCents - net, ','), x: 0.4, align: 'right' }, { text: money(net, ','), x: 0.65, align: 'right' }, { text: money(model.totalCents, ','), x: priceX, align: 'right' }]);
  row([{ text: 'Summe', x: 0 }, { text: money(model.totalCents - net, ','), x: 0.4, align: 'right' }, { text: money(net, ','), x: 0.65, align: 'right' }, { text: money(model.totalCents, ','), x: priceX, align: 'right' }]);
  row([{ text: `${two(date.d)}.${two(date.m)}.${String(date.y).slice(2)} ${timeOf(r)}`, x: 0 }, { text: `${r.int(1000, 9999)} ${r.int(100, 999)}/${r.int(1, 9)}`, x: priceX, align: 'right' }]);
  row([{ text: 'Vielen Dank für Ihren Einkauf', x: 0.5, align: 'center' }]);
  return { layout: 'de-discounter', font: r.pick(['Helvetica', 'DejaVuSans']), widthPt, rows, truth: { store, date: iso(date), currency: 'EUR', total: model.totalCents / 100, lines: model.lines } };
}

/** A German drugstore (dm/Rossmann style): tax digits, counts with their own amount on the next line, coupons. */
function deDrugstore(r) {
  const store = r.pick(['dm-drogerie markt', 'ROSSMANN', 'Müller Drogerie']);
  const date = dateOf(r);
  const width = r.pick([38, 42, 44]);
  const rows = [];
  const mono = (text, extra = {}) => rows.push({ cells: [{ text, x: 0 }], ...extra });
  mono(store, { size: 1.5, bold: true });
  mono(`${store} GmbH + Co. KG`);
  mono(r.pick(DE_STREETS));
  mono(r.pick(DE_CITIES));
  mono(`Filiale ${r.int(1000, 9999)}`);
  mono('');
  const lines = [];
  for (const item of basket(r, { pool: DE_DRUG, longPool: DE_DRUG_LONG, min: 3, max: 9, multiShare: 0.35 })) {
    const tax = item.name.startsWith('Vitamin') ? '2' : '1';
    if (item.long) {
      const cut = item.name.lastIndexOf(' ', width - 12);
      mono(item.name.slice(0, cut));
      mono(pad(item.name.slice(cut + 1), `${money(item.total, ',')} ${tax}`, width));
    } else if (item.quantity > 1) {
      mono(item.name);
      mono(pad(`   ${item.quantity} x ${money(item.unitPrice, ',')}`, `${money(item.total, ',')} ${tax}`, width));
    } else mono(pad(item.name, `${money(item.total, ',')} ${tax}`, width));
    lines.push({ ...truthLine(item), totalCents: item.total });
  }
  if (r.chance(0.6)) {
    const off = -r.int(15, 120);
    const name = r.pick(['10% Coupon Pflege', 'Coupon Baby -15%', 'Sofortrabatt']);
    mono(pad(name, `${money(off, ',')} 1`, width));
    lines.push({ name, quantity: 1, unitPrice: off / 100, total: off / 100, kind: 'discount', totalCents: off });
  }
  const model = finish({ lines });
  mono('-'.repeat(width));
  mono(pad('SUMME EUR', money(model.totalCents, ','), width), { bold: true });
  mono(pad('EC-Karte EUR', money(model.totalCents, ','), width));
  mono('');
  mono(`MwSt-Satz   Brutto   Netto    MwSt`);
  const net = Math.round(model.totalCents / 1.19);
  mono(`1=19,0% ${money(model.totalCents, ',').padStart(8)} ${money(net, ',').padStart(8)} ${money(model.totalCents - net, ',').padStart(7)}`);
  mono('');
  mono(`PAYBACK Punkte: ${r.int(1, 40)}`);
  mono(`${two(date.d)}.${two(date.m)}.${date.y} ${timeOf(r)}   ${r.int(1000, 9999)}/${r.int(1, 9)}/${r.int(100, 999)}`);
  mono('Vielen Dank für Ihren Einkauf');
  return { layout: 'de-drugstore', font: r.pick(['Courier', 'DejaVuMono']), widthChars: width, rows, truth: { store, date: iso(date), currency: 'EUR', total: model.totalCents / 100, lines: model.lines } };
}

/** A bakery: narrow, counts in front of the name, € after amounts, wrapped names. */
function deBakery(r) {
  const store = r.pick(['Bäckerei Schäfer', 'Backhaus Müller', 'Konditorei Weber', 'Bäckerei & Café Kornblume']);
  const date = dateOf(r);
  const rows = [];
  const row = (cells, extra = {}) => rows.push({ cells, ...extra });
  const style = r.pick(['leading', 'table']);
  const widthPt = r.pick([150, 165, 180]);
  row([{ text: store, x: 0.5, align: 'center' }], { size: 1.5, bold: true });
  row([{ text: `${r.pick(DE_STREETS)}, ${r.pick(DE_CITIES)}`, x: 0.5, align: 'center' }], { size: 0.85 });
  row([{ text: `Tel. 0${r.int(200, 899)}/${r.int(10000, 99999)}`, x: 0.5, align: 'center' }], { size: 0.85 });
  row([{ text: `${two(date.d)}.${two(date.m)}.${String(date.y).slice(2)}  ${timeOf(r)}  Bon ${r.int(100, 999)}`, x: 0 }]);
  row([{ text: '- - - - - - - - - - - - - - - -', x: 0 }]);
  const lines = [];
  for (const item of basket(r, { pool: DE_BAKERY, longPool: DE_BAKERY_LONG, min: 2, max: 7, multiShare: 0.55, maxCount: 6 })) {
    const amount = `${money(item.total, ',')} €`;
    if (item.long) {
      const parts = wrap(item.name, charsIn(widthPt - 20 - 45));
      for (const part of parts.slice(0, -1)) row([{ text: part, x: 0 }]);
      row([{ text: parts.at(-1), x: 0 }, { text: amount, x: 1, align: 'right' }]);
    } else if (item.quantity > 1 && (style === 'leading' || `${item.quantity} ${item.name}`.length > charsIn((widthPt - 20) * 0.72 - 30))) {
      row([{ text: `${item.quantity} x ${item.name}`, x: 0 }, { text: amount, x: 1, align: 'right' }]);
    } else if (item.quantity > 1) {
      row([{ text: `${item.quantity} ${item.name}`, x: 0 }, { text: money(item.unitPrice, ','), x: 0.72, align: 'right' }, { text: amount, x: 1, align: 'right' }]);
    } else row([{ text: item.name, x: 0 }, { text: amount, x: 1, align: 'right' }]);
    lines.push({ ...truthLine(item), totalCents: item.total });
  }
  const model = finish({ lines });
  row([{ text: '- - - - - - - - - - - - - - - -', x: 0 }]);
  row([{ text: 'Gesamt', x: 0 }, { text: `${money(model.totalCents, ',')} €`, x: 1, align: 'right' }], { bold: true, size: 1.3 });
  row([{ text: 'Bar', x: 0 }, { text: `${money(Math.ceil(model.totalCents / 500) * 500, ',')} €`, x: 1, align: 'right' }]);
  row([{ text: 'Zurück', x: 0 }, { text: `${money(Math.ceil(model.totalCents / 500) * 500 - model.totalCents, ',')} €`, x: 1, align: 'right' }]);
  const vat = model.totalCents - Math.round(model.totalCents / 1.07);
  row([{ text: `enth. MwSt 7% ${money(vat, ',')} €`, x: 0 }], { size: 0.85 });
  row([{ text: 'Danke und bis bald!', x: 0.5, align: 'center' }]);
  return { layout: 'de-bakery', font: r.pick(['Times-Roman', 'Helvetica', 'DejaVuSerif']), widthPt, rows, truth: { store, date: iso(date), currency: 'EUR', total: model.totalCents / 100, lines: model.lines } };
}

/** A US grocery: $, tax flags, counts and pounds below the line, coupons, bottle deposit, tax on top, month-first dates. */
function enUsGrocery(r) {
  const store = r.pick(['FRESH MART #0042', 'Green Valley Market', 'SUNNY FOODS', 'Corner Grocer']);
  const date = dateOf(r);
  const width = r.pick([38, 40, 44]);
  const rows = [];
  const mono = (text, extra = {}) => rows.push({ cells: [{ text, x: 0 }], ...extra });
  mono(store, { size: 1.4, bold: true });
  mono(`${r.int(10, 9999)} ${r.pick(['Main Street', 'Oak Ave', 'Elm Road', 'Lake Blvd'])}`);
  mono(`${r.pick(['Springfield, IL 62701', 'Portland, OR 97205', 'Austin, TX 78701'])}`);
  mono(`(${r.int(200, 999)}) 555-${r.int(1000, 9999)}`);
  const hour = r.int(1, 12);
  mono(`${two(date.m)}/${two(date.d)}/${date.y} ${hour}:${two(r.int(0, 59))} ${r.pick(['AM', 'PM'])}`);
  mono(`Store ${r.int(100, 999)}  Register ${r.int(1, 9)}  Cashier ${r.pick(['ANNA', 'MIKE', 'JOSE'])}`);
  mono('');
  const lines = [];
  let count = 0;
  for (const item of basket(r, { pool: US_FOOD, weighedPool: US_WEIGHED, weighedShare: 0.2, weighedUnit: 'lb', multiShare: 0.25 })) {
    const flag = r.pick(['F', 'F', 'N', 'T']);
    mono(pad(item.name, `${money(item.total, '.')} ${flag}`, width));
    if (item.weighed) mono(`  ${(item.grams / 1000).toFixed(2)} lb @ ${money(item.unitPrice, '.')} /lb`);
    else if (item.quantity > 1) mono(`  ${item.quantity} @ ${money(item.unitPrice, '.')}`);
    count += item.weighed ? 1 : item.quantity;
    lines.push({ ...truthLine({ ...item, quantity: item.weighed ? Number((item.grams / 1000).toFixed(2)) : item.quantity }), totalCents: item.total });
    if (item.deposit) {
      mono(pad('BOTTLE DEPOSIT', `${money(item.deposit, '.')} N`, width));
      lines.push({ name: 'BOTTLE DEPOSIT', quantity: 1, unitPrice: item.deposit / 100, total: item.deposit / 100, kind: 'deposit', totalCents: item.deposit });
    }
    if (r.chance(0.15)) {
      const off = -r.pick([25, 50, 100]);
      const name = `COUPON ${item.name.split(' ')[0]}`;
      mono(pad(name, `${money(off, '.')}`, width));
      lines.push({ name, quantity: 1, unitPrice: off / 100, total: off / 100, kind: 'discount', totalCents: off });
    }
  }
  const sub = lines.reduce((s, l) => s + l.totalCents, 0);
  const taxCents = Math.round(sub * 0.0625);
  const model = finish({ lines, taxCents });
  mono(pad('SUBTOTAL', money(sub, '.'), width));
  mono(pad('TAX', money(taxCents, '.'), width));
  mono(pad('TOTAL', `$${money(model.totalCents, '.')}`, Math.floor(width / 1.2)), { bold: true, size: 1.2 });
  const cash = Math.ceil(model.totalCents / 2000) * 2000;
  mono(pad('CASH', money(cash, '.'), width));
  mono(pad('CHANGE', money(cash - model.totalCents, '.'), width));
  mono(`ITEMS SOLD ${count}`);
  mono('THANK YOU FOR SHOPPING WITH US');
  return { layout: 'en-us-grocery', font: r.pick(['Courier', 'DejaVuMono']), widthChars: width, rows, truth: { store, date: iso(date), currency: 'USD', total: model.totalCents / 100, tax: taxCents / 100, lines: model.lines } };
}

/** A UK supermarket: £ before amounts, day-first slashed dates, multibuy savings, VAT summary. */
function enUkSupermarket(r) {
  const store = r.pick(['Corner Shop Ltd', 'Fresh & Co', 'Market Street Foods', 'Hillside Stores']);
  const date = { ...dateOf(r), d: r.int(1, 28) };
  const widthPt = r.pick([200, 226, 250]);
  const rows = [];
  const row = (cells, extra = {}) => rows.push({ cells, ...extra });
  row([{ text: store, x: 0.5, align: 'center' }], { size: 1.5, bold: true });
  row([{ text: `${r.int(1, 200)} High Street`, x: 0.5, align: 'center' }]);
  row([{ text: r.pick(['Leeds LS1 4AP', 'Bristol BS1 5TR', 'York YO1 7HH']), x: 0.5, align: 'center' }]);
  row([{ text: `VAT No ${r.int(100, 999)} ${r.int(1000, 9999)} ${r.int(10, 99)}`, x: 0.5, align: 'center' }]);
  const lines = [];
  for (const item of basket(r, { pool: UK_FOOD, weighedPool: UK_WEIGHED, longPool: UK_LONG, weighedShare: 0.2, multiShare: 0.25 })) {
    const code = item.name.includes('Crisps') || item.name.includes('Water') ? 'A' : 'Z';
    if (item.long || item.name.length > charsIn((widthPt - 20) * 0.88 - 40)) {
      const parts = wrap(item.name, charsIn((widthPt - 20) * 0.88 - 40));
      for (const part of parts.slice(0, -1)) row([{ text: part, x: 0 }]);
      row([{ text: parts.at(-1), x: 0 }, { text: `£${money(item.total, '.')}`, x: 0.88, align: 'right' }, { text: code, x: 0.93 }]);
    } else if (item.weighed) {
      row([{ text: item.name, x: 0 }]);
      row([{ text: `${weight(item.grams, '.')} kg @ £${money(item.unitPrice, '.')}/kg`, x: 0.05 }, { text: `£${money(item.total, '.')}`, x: 0.88, align: 'right' }, { text: code, x: 0.93 }]);
    } else if (item.quantity > 1) {
      row([{ text: `${item.quantity} x ${item.name}`, x: 0 }, { text: `£${money(item.total, '.')}`, x: 0.88, align: 'right' }, { text: code, x: 0.93 }]);
    } else row([{ text: item.name, x: 0 }, { text: `£${money(item.total, '.')}`, x: 0.88, align: 'right' }, { text: code, x: 0.93 }]);
    lines.push({ ...truthLine(item), totalCents: item.total });
    if (item.quantity > 2 && r.chance(0.6)) {
      const off = -r.pick([50, 75, 100]);
      row([{ text: 'Multibuy Saving', x: 0.05 }, { text: `-£${money(-off, '.')}`, x: 0.88, align: 'right' }]);
      lines.push({ name: 'Multibuy Saving', quantity: 1, unitPrice: off / 100, total: off / 100, kind: 'discount', totalCents: off });
    }
  }
  const model = finish({ lines });
  row([{ text: 'BALANCE DUE', x: 0 }, { text: `£${money(model.totalCents, '.')}`, x: 0.88, align: 'right' }], { bold: true, size: 1.2 });
  row([{ text: 'VISA DEBIT', x: 0 }, { text: `£${money(model.totalCents, '.')}`, x: 0.88, align: 'right' }]);
  row([{ text: `CARD ************${r.int(1000, 9999)}`, x: 0 }]);
  row([{ text: 'VAT RATE', x: 0 }, { text: 'NET', x: 0.55, align: 'right' }, { text: 'VAT', x: 0.88, align: 'right' }]);
  row([{ text: 'A 20.0%', x: 0 }, { text: money(200, '.'), x: 0.55, align: 'right' }, { text: money(40, '.'), x: 0.88, align: 'right' }]);
  row([{ text: `${two(date.d)}/${two(date.m)}/${date.y} ${timeOf(r)}  ST:${r.int(1000, 9999)} TR:${r.int(100, 999)}`, x: 0 }]);
  row([{ text: 'Thank you for shopping with us', x: 0.5, align: 'center' }]);
  return { layout: 'en-uk-supermarket', font: r.pick(['Helvetica', 'DejaVuSans', 'Times-Roman']), widthPt, rows, truth: { store, date: iso(date), currency: 'GBP', total: model.totalCents / 100, lines: model.lines } };
}

/** A German market hall / hypermarket invoice in a table: count, unit price and amount columns, ISO dates. */
function deTable(r) {
  const store = r.pick(['Kaufland Warenhandel', 'Hofladen Sonnenhof', 'Markthalle Nord', 'EDEKA Frischecenter']);
  const widthPt = r.pick([260, 300, 340]);
  const date = dateOf(r);
  const rows = [];
  const row = (cells, extra = {}) => rows.push({ cells, ...extra });
  row([{ text: store, x: 0 }], { size: 1.4, bold: true });
  row([{ text: `${r.pick(DE_STREETS)} · ${r.pick(DE_CITIES)}`, x: 0 }], { size: 0.9 });
  row([{ text: `Datum: ${iso(date)} ${timeOf(r)}`, x: 0 }, { text: `Kasse ${r.int(1, 12)}`, x: 1, align: 'right' }]);
  row([{ text: 'Artikel', x: 0 }, { text: 'Menge', x: 0.6, align: 'right' }, { text: 'Preis', x: 0.78, align: 'right' }, { text: 'Betrag', x: 0.95, align: 'right' }]);
  const lines = [];
  for (const item of basket(r, { pool: DE_FOOD, weighedPool: DE_WEIGHED, longPool: DE_LONG, weighedShare: 0.25, multiShare: 0.35, max: 14 })) {
    const tax = r.pick(['A', 'B']);
    const qty = item.weighed ? `${weight(item.grams, ',')} kg` : String(item.quantity);
    const cells = [{ text: qty, x: 0.6, align: 'right' }, { text: money(item.unitPrice, ','), x: 0.78, align: 'right' }, { text: money(item.total, ','), x: 0.95, align: 'right' }, { text: tax, x: 0.97 }];
    const parts = wrap(item.name, charsIn((widthPt - 20) * 0.6 - 40));
    for (const part of parts.slice(0, -1)) row([{ text: part, x: 0 }]);
    row([{ text: parts.at(-1), x: 0 }, ...cells]);
    lines.push({ ...truthLine(item), totalCents: item.total });
    if (item.deposit) {
      row([{ text: 'Pfand Einweg', x: 0 }, { text: String(item.quantity), x: 0.6, align: 'right' }, { text: money(item.deposit / item.quantity, ','), x: 0.78, align: 'right' }, { text: money(item.deposit, ','), x: 0.95, align: 'right' }, { text: 'A', x: 0.97 }]);
      lines.push({ name: 'Pfand Einweg', quantity: item.quantity, unitPrice: item.deposit / item.quantity / 100, total: item.deposit / 100, kind: 'deposit', totalCents: item.deposit });
    }
  }
  if (r.chance(0.5)) {
    const sub = lines.reduce((s, l) => s + l.totalCents, 0);
    const off = -Math.round(sub * 0.03);
    row([{ text: 'Zwischensumme', x: 0 }, { text: money(sub, ','), x: 0.95, align: 'right' }]);
    row([{ text: 'Treuerabatt 3%', x: 0 }, { text: money(off, ','), x: 0.95, align: 'right' }, { text: 'A', x: 0.97 }]);
    lines.push({ name: 'Treuerabatt 3%', quantity: 1, unitPrice: off / 100, total: off / 100, kind: 'discount', totalCents: off });
  }
  const model = finish({ lines });
  row([{ text: `Anzahl Artikel: ${lines.length}`, x: 0 }]);
  row([{ text: 'Gesamtbetrag EUR', x: 0 }, { text: money(model.totalCents, ','), x: 0.95, align: 'right' }], { bold: true, size: 1.2 });
  row([{ text: 'Gegeben Karte', x: 0 }, { text: money(model.totalCents, ','), x: 0.95, align: 'right' }]);
  row([{ text: 'MwSt A 7% / B 19% enthalten', x: 0 }], { size: 0.85 });
  row([{ text: `Filiale ${r.int(100, 999)} · Steuer-Nr. ${r.int(10, 99)}/${r.int(100, 999)}/${r.int(10000, 99999)}`, x: 0 }], { size: 0.85 });
  return { layout: 'de-table', font: r.pick(['Helvetica', 'Times-Roman', 'DejaVuSans']), widthPt, rows, truth: { store, date: iso(date), currency: 'EUR', total: model.totalCents / 100, lines: model.lines } };
}

export const LAYOUTS = { 'de-supermarket': deSupermarket, 'de-discounter': deDiscounter, 'de-drugstore': deDrugstore, 'de-bakery': deBakery, 'en-us-grocery': enUsGrocery, 'en-uk-supermarket': enUkSupermarket, 'de-table': deTable };

/** The corpus's receipts: `perLayout` of each layout, every one from its own seed. */
export function receipts(seed, perLayout) {
  const out = [];
  for (const [index, [name, layout]] of Object.entries(LAYOUTS).entries()) {
    for (let n = 0; n < perLayout; n += 1) {
      const r = random(seed * 1000 + index * 100 + n);
      const receipt = layout(r);
      receipt.truth.lines = receipt.truth.lines.map(({ totalCents, ...line }) => line);
      out.push({ id: `${name}-${String(n + 1).padStart(2, '0')}`, seed: seed * 1000 + index * 100 + n, ...receipt });
    }
  }
  return out;
}
