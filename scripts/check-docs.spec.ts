import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SCRIPT = join(REPO, 'scripts/check-docs.mjs');

const EN = `# Guide

[Deutsch](guide.de.md) · [Settings](#settings) · [Elsewhere](https://example.org)

<a id="settings"></a>

## Settings

![The scanner](images/scan.png)

\`\`\`ini
TZ=Europe/Berlin
\`\`\`

\`\`\`sh test
# says hello
echo hello
\`\`\`
`;

const DE = `# Anleitung

[English](guide.en.md) · [Einstellungen](#settings)

<a id="settings"></a>

## Einstellungen

![Der Scanner](images/scan.png)

\`\`\`ini
TZ=Europe/Berlin
\`\`\`

\`\`\`sh test
# sagt hallo
echo hello
\`\`\`
`;

let roots: string[] = [];
afterEach(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
  roots = [];
});

/** A small tree with what the checks read; `change` edits it before the check runs. */
function check(change: (files: { en: string; de: string; readme: string }) => Partial<{ en: string; de: string | null; readme: string }> = () => ({})) {
  const root = mkdtempSync(join(tmpdir(), 'check-docs-spec-'));
  roots.push(root);
  mkdirSync(join(root, 'docs/images'), { recursive: true });
  mkdirSync(join(root, 'apps/api/src/config'), { recursive: true });
  cpSync(join(REPO, 'apps/api/src/config/env.ts'), join(root, 'apps/api/src/config/env.ts'));
  cpSync(join(REPO, 'docker-compose.yml'), join(root, 'docker-compose.yml'));
  writeFileSync(join(root, 'docs/images/scan.png'), 'png');
  const files = { en: EN, de: DE, readme: '# Project\n\n[Guide](docs/guide.en.md#settings) · [Anleitung](docs/guide.de.md)\n' };
  const changed = { ...files, ...change(files) };
  writeFileSync(join(root, 'docs/guide.en.md'), changed.en);
  if (changed.de !== null) writeFileSync(join(root, 'docs/guide.de.md'), changed.de);
  writeFileSync(join(root, 'README.md'), changed.readme);
  const result = spawnSync(process.execPath, [SCRIPT, '--no-run', '--root', root], { encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('check-docs', () => {
  it('passes a tree whose links, languages and settings agree', () => {
    const result = check();
    expect(result.output).toContain('links, de/en structure and settings ok');
    expect(result.status).toBe(0);
  });

  it('fails on a link to a missing file, a missing image and an unknown anchor', () => {
    const result = check(({ en, readme }) => ({
      en: en.replace('images/scan.png', 'images/scanner.png'),
      readme: readme.replace('docs/guide.de.md', 'docs/guide.fr.md').replace('#settings', '#setup'),
    }));
    expect(result.status).toBe(1);
    expect(result.output).toContain('README.md:3: link target does not exist: docs/guide.fr.md');
    expect(result.output).toContain('README.md:3: anchor #setup is not in docs/guide.en.md');
    expect(result.output).toContain('docs/guide.en.md:9: image target does not exist: images/scanner.png');
  });

  it('fails when the German guide has another structure or other test commands', () => {
    expect(check(({ de }) => ({ de: de.replace('## Einstellungen', '### Einstellungen') })).output).toContain('headings #2 differs');
    expect(check(({ de }) => ({ de: de.replace('<a id="settings">', '<a id="einstellungen">') })).output).toContain('anchors #1 differs');
    const commands = check(({ de }) => ({ de: de.replace('echo hello', 'echo hallo') }));
    expect(commands.status).toBe(1);
    expect(commands.output).toContain('tests #1 differs');
    // Comments may be translated.
    expect(check(({ de }) => ({ de: de.replace('# sagt hallo', '# grüßt') })).status).toBe(0);
  });

  it('fails on a screenshot that no guide shows', () => {
    const result = check(({ en, de }) => ({ en: en.replace('![The scanner](images/scan.png)\n', ''), de: de.replace('![Der Scanner](images/scan.png)\n', '') }));
    expect(result.status).toBe(1);
    expect(result.output).toContain('docs/images/scan.png: is not shown in any guide');
  });

  it('fails on a setting the service does not read', () => {
    const result = check(({ en, de }) => ({ en: en.replace('TZ=', 'TIMEZONE='), de: de.replace('TZ=', 'TIMEZONE=') }));
    expect(result.status).toBe(1);
    expect(result.output).toContain('sets TIMEZONE, which the service does not read');
  });

  it('fails on a guide without its other language', () => {
    const result = check(({ en, readme }) => ({ de: null, en: en.replace('[Deutsch](guide.de.md) · ', ''), readme: readme.replace(' · [Anleitung](docs/guide.de.md)', '') }));
    expect(result.status).toBe(1);
    expect(result.output).toContain('docs/guide.en.md: has no German counterpart docs/guide.de.md');
  });
});
