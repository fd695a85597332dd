/**
 * Emits the user guide (docs/guide.<locale>.md, with the screenshots in docs/images/) into the
 * build as static pages, `guide/en.html` and `guide/de.html`, so the app's settings can link to
 * the guide on the household's own box, without internet. The server serves them like every other
 * built file; the service worker precaches them with the shell (`**\/*.html`), so they open offline
 * too. The Markdown stays the one source: the README and the repository show the same files.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { marked, type Tokens } from 'marked';
import type { Plugin } from 'vite';

const DOCS_DIR = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../docs');

export const GUIDE_LOCALES = ['en', 'de'] as const;
export type GuideLocale = (typeof GUIDE_LOCALES)[number];

/** Where the built guide of a language is served. */
export function guidePath(locale: GuideLocale): string {
  return `/guide/${locale}.html`;
}

const TITLES: Record<GuideLocale, { title: string; back: string }> = {
  en: { title: 'Household Inventory: user guide', back: 'Back to the app' },
  de: { title: 'Household Inventory: Anleitung', back: 'Zurück zur App' },
};

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** Links between the guides point at their built pages; links elsewhere in the repository are not served, so they become plain text. */
function rewriteHref(href: string): string | null {
  const [path, anchor] = href.split('#', 2);
  const suffix = anchor === undefined ? '' : `#${anchor}`;
  if (path === '' || /^(https?:|mailto:)/i.test(href)) return href;
  const guide = /^guide\.(en|de)\.md$/.exec(path);
  if (guide) return `${guide[1]}.html${suffix}`;
  if (path.startsWith('images/')) return path;
  return null;
}

/** GitHub's heading anchor (as scripts/check-docs.mjs checks them): lower case, markup and punctuation dropped, spaces to hyphens. */
export function headingSlug(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/[`*_~]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');
}

export function renderGuide(markdown: string, locale: GuideLocale): string {
  const renderer = new marked.Renderer();
  // Headings get GitHub's ids, so links to a heading work on the box as they do in the repository.
  const seen = new Map<string, number>();
  renderer.heading = function ({ tokens, depth, text }: Tokens.Heading) {
    const base = headingSlug(text);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    const id = count === 0 ? base : `${base}-${count}`;
    return `<h${depth} id="${escapeHtml(id)}">${this.parser.parseInline(tokens)}</h${depth}>\n`;
  };
  const link = renderer.link.bind(renderer);
  renderer.link = function (token: Tokens.Link) {
    const href = rewriteHref(token.href);
    if (href === null) return this.parser.parseInline(token.tokens);
    return link({ ...token, href });
  };
  const body = marked.parse(markdown, { renderer, async: false, gfm: true });
  const words = TITLES[locale];
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(words.title)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
  :root { --fg: #1b1f1d; --muted: #5a625e; --bg: #f6f7f6; --card: #ffffff; --line: #d9dedb; --accent: #1f7a55; --code: #eef1ef; }
  @media (prefers-color-scheme: dark) {
    :root { --fg: #e7ebe9; --muted: #a5aeaa; --bg: #121513; --card: #1a1e1c; --line: #2e3532; --accent: #6fcf9f; --code: #232826; }
  }
  * { box-sizing: border-box; }
  body { margin: 0; background: var(--bg); color: var(--fg); font: 16px/1.6 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  main { max-width: 46rem; margin: 0 auto; padding: 1rem 1.25rem 4rem; background: var(--card); min-height: 100vh; }
  nav.back { max-width: 46rem; margin: 0 auto; padding: .75rem 1.25rem 0; background: var(--card); }
  a { color: var(--accent); }
  h1 { font-size: 1.7rem; line-height: 1.25; }
  h2 { font-size: 1.35rem; margin-top: 2.5rem; padding-top: 1rem; border-top: 1px solid var(--line); }
  h3 { font-size: 1.1rem; margin-top: 1.75rem; }
  img { display: block; max-width: 100%; height: auto; margin: 1rem auto; border: 1px solid var(--line); border-radius: 12px; }
  code { background: var(--code); padding: .1em .3em; border-radius: 4px; font-size: .9em; overflow-wrap: anywhere; }
  pre { background: var(--code); padding: .75rem 1rem; border-radius: 8px; overflow-x: auto; }
  pre code { padding: 0; overflow-wrap: normal; }
  td code { white-space: nowrap; overflow-wrap: normal; }
  table { border-collapse: collapse; width: 100%; display: block; overflow-x: auto; }
  th, td { border: 1px solid var(--line); padding: .4rem .6rem; text-align: left; vertical-align: top; }
</style>
</head>
<body>
<nav class="back"><a href="/">${escapeHtml(words.back)}</a></nav>
<main>
${body}
</main>
</body>
</html>
`;
}

export function userGuide(): Plugin {
  return {
    name: 'hinv:user-guide',
    apply: 'build',
    generateBundle() {
      for (const locale of GUIDE_LOCALES) {
        const markdown = readFileSync(join(DOCS_DIR, `guide.${locale}.md`), 'utf8');
        this.emitFile({ type: 'asset', fileName: guidePath(locale).slice(1), source: renderGuide(markdown, locale) });
      }
      for (const image of readdirSync(join(DOCS_DIR, 'images'))) {
        this.emitFile({ type: 'asset', fileName: `guide/images/${image}`, source: readFileSync(join(DOCS_DIR, 'images', image)) });
      }
    },
  };
}
