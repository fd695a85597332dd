import { describe, expect, it } from 'vitest';
import { guidePath, headingSlug, renderGuide } from './user-guide.ts';

describe('renderGuide', () => {
  const page = renderGuide(
    [
      '# Guide',
      '',
      '[Deutsch](guide.de.md) · [Grocy, in German](guide.de.md#grocy) · [HTTPS](#https) · [Caddy](https://caddyserver.com)',
      '',
      'See the [configuration table](../README.md#configuration) and [a script](../scripts/start.sh).',
      '',
      '<a id="https"></a>',
      '',
      '## HTTPS',
      '',
      '![The scanner](images/scan.png)',
      '',
      '```sh',
      'curl -fsS http://localhost:8080/api/health',
      '```',
    ].join('\n'),
    'en',
  );

  it('points links between the guides at their built pages and keeps anchors and outside links', () => {
    expect(page).toContain('<a href="de.html">Deutsch</a>');
    expect(page).toContain('<a href="de.html#grocy">Grocy, in German</a>');
    expect(page).toContain('<a href="#https">HTTPS</a>');
    expect(page).toContain('<a href="https://caddyserver.com">Caddy</a>');
    expect(page).toContain('<a id="https"></a>');
  });

  it('turns links to repository files that are not served into plain text', () => {
    expect(page).toContain('See the configuration table and a script.');
    expect(page).not.toContain('README.md');
  });

  it('keeps images relative to the guide and renders code, in a page of the right language', () => {
    expect(page).toContain('<img src="images/scan.png" alt="The scanner">');
    expect(page).toContain('curl -fsS http://localhost:8080/api/health');
    expect(page).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(page).toContain('<title>Household Inventory: user guide</title>');
    expect(renderGuide('# Anleitung', 'de')).toContain('<a href="/">Zurück zur App</a>');
  });

  it('gives headings the ids GitHub gives them, so links to a heading work on the box too', () => {
    expect(page).toContain('<h2 id="https">HTTPS</h2>');
    const german = renderGuide('## Dauerhaft laufen lassen mit `systemd`\n\n## Fehlersuche\n\n## Fehlersuche', 'de');
    expect(german).toContain('<h2 id="dauerhaft-laufen-lassen-mit-systemd">Dauerhaft laufen lassen mit <code>systemd</code></h2>');
    expect(german).toContain('<h2 id="fehlersuche-1">Fehlersuche</h2>');
    expect(headingSlug('HTTPS fürs Handy: A & B')).toBe('https-fürs-handy-a--b');
  });

  it('serves each language at its own address', () => {
    expect(guidePath('en')).toBe('/guide/en.html');
    expect(guidePath('de')).toBe('/guide/de.html');
  });
});
