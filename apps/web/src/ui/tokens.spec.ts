import { describe, expect, it } from 'vitest';

/*
 * Guards tokens.css: every text colour on the surfaces it is meant for meets WCAG AA in both
 * themes, and the two copies of the dark theme (system preference and forced) never drift apart.
 */
// Vitest blanks CSS imports (even ?raw) and the web tsconfig has no Node types, so the file is
// read through a dynamic import typed here.
const fsModule: string = 'node:fs';
const { readFileSync } = (await import(fsModule)) as { readFileSync: (path: URL, encoding: 'utf8') => string };
const css = readFileSync(new URL('./tokens.css', import.meta.url), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');

type Tokens = Record<string, string>;

/** The declarations of the first rule whose selector is exactly `selector`. */
function block(selector: string): Tokens {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`tokens.css has no rule for ${selector}`);
  const body = css.slice(css.indexOf('{', start) + 1, css.indexOf('}', start));
  return Object.fromEntries([...body.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)].map((m) => [m[1], m[2].trim()]));
}

const light = block(':root');
const darkForced = block(":root[data-theme='dark']");
const darkSystem = block(":root:not([data-theme='light'])");
const themes: Record<string, Tokens> = { light, dark: { ...light, ...darkForced } };

/** A token's colour as #rrggbb, following var() and computing color-mix() in oklab like browsers do. */
function resolve(name: string, tokens: Tokens): string {
  const value = tokens[name];
  if (value === undefined) throw new Error(`${name} is not defined`);
  const reference = /^var\((--[\w-]+)\)$/.exec(value);
  if (reference) return resolve(reference[1], tokens);
  const mix = /^color-mix\(in oklab, var\((--[\w-]+)\) (\d+)%, var\((--[\w-]+)\)\)$/.exec(value);
  if (mix) return mixOklab(resolve(mix[1], tokens), resolve(mix[3], tokens), Number(mix[2]) / 100);
  if (/^#[0-9a-f]{6}$/i.test(value)) return value.toLowerCase();
  throw new Error(`${name}: cannot check ${value}`);
}

const toLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const toGamma = (c: number) => (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055);

function toOklab(hex: string): number[] {
  const [r, g, b] = [1, 3, 5].map((i) => toLinear(Number.parseInt(hex.slice(i, i + 2), 16) / 255));
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  return [
    0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s,
    1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s,
    0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s,
  ];
}

function fromOklab([L, a, b]: number[]): string {
  const l = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (L - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const rgb = [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
  ];
  return `#${rgb.map((c) => Math.round(Math.min(1, Math.max(0, toGamma(c))) * 255).toString(16).padStart(2, '0')).join('')}`;
}

function mixOklab(first: string, second: string, firstShare: number): string {
  const [p, q] = [toOklab(first), toOklab(second)];
  return fromOklab(p.map((v, i) => v * firstShare + q[i] * (1 - firstShare)));
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return toLinear(c);
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** Where text sits; hover fills only carry the text colours, never coloured text. */
const surfaces = ['--color-bg', '--color-surface', '--color-surface-raised', '--color-surface-sunken'];
const TEXT = 4.5;
const NON_TEXT = 3;

/** [foreground, background, minimum ratio] */
const pairs: [string, string, number][] = [
  ...surfaces.flatMap((bg): [string, string, number][] => [
    ['--color-text', bg, TEXT],
    ['--color-text-muted', bg, TEXT],
    ['--color-accent-text', bg, TEXT],
    ['--color-danger-text', bg, TEXT],
    ['--color-border-strong', bg, NON_TEXT],
    ['--color-focus', bg, NON_TEXT],
  ]),
  ['--color-text', '--color-surface-hover', TEXT],
  ['--color-text-muted', '--color-surface-hover', TEXT],
  ['--color-text', '--color-surface-pressed', TEXT],
  ['--color-accent-contrast', '--color-accent', TEXT],
  ['--color-accent-contrast', '--color-accent-hover', TEXT],
  ['--color-accent-subtle-text', '--color-accent-subtle', TEXT],
  ['--color-accent-subtle-text', '--color-accent-subtle-hover', TEXT],
  ['--color-danger-contrast', '--color-danger', TEXT],
  ['--color-danger-contrast', '--color-danger-hover', TEXT],
  ['--color-danger-subtle-text', '--color-danger-subtle', TEXT],
  ['--color-danger-subtle-text', '--color-danger-subtle-hover', TEXT],
  ['--color-warning-subtle-text', '--color-warning-subtle', TEXT],
  ['--color-warning-icon', '--color-warning-subtle', NON_TEXT],
  ['--color-info-subtle-text', '--color-info-subtle', TEXT],
  ['--color-info-text', '--color-surface', TEXT],
  ['--color-inverse-text', '--color-inverse-bg', TEXT],
  ['--color-inverse-accent', '--color-inverse-bg', TEXT],
  ['--color-inverse-text', '--color-inverse-danger-bg', TEXT],
  ...[1, 2, 3, 4, 5, 6, 7, 8].map((n): [string, string, number] => [`--color-thumb-${n}-fg`, `--color-thumb-${n}-bg`, TEXT]),
];

describe('design tokens', () => {
  it('computes contrast the way WCAG defines it, and mixes like CSS color-mix(in oklab)', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(mixOklab('#218358', '#218358', 0.5)).toBe('#218358');
    expect(mixOklab('#000000', '#ffffff', 0.5)).toBe('#636363');
  });

  it('declares the dark theme identically for the system preference and the forced theme', () => {
    expect(darkSystem).toEqual(darkForced);
  });

  for (const [theme, tokens] of Object.entries(themes)) {
    it(`meets WCAG AA contrast in the ${theme} theme`, () => {
      const failures = pairs
        .map(([fg, bg, minimum]) => {
          const [f, b] = [resolve(fg, tokens), resolve(bg, tokens)];
          return { pair: `${fg} on ${bg}`, colours: `${f} on ${b}`, ratio: Number(contrast(f, b).toFixed(2)), minimum };
        })
        .filter((check) => check.ratio < check.minimum);
      expect(failures).toEqual([]);
    });
  }
});
