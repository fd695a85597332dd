import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/accessibility.js';
import { launchBrowser, pageApi, TEST_OUTPUT, useServerAndBrowser } from '../support/browser.js';
import { fakeCameraArgs, pictureVideo } from '../support/fake-camera.js';
import { Keyboard } from '../support/wedge.js';

const PASSWORD = 'station owner password';
const KNOWN = '4006381333931';
const UNKNOWN = '4260123456788';
const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;

interface Draft {
  id: string;
  mode: string;
  status: string;
  barcode_normalized: string;
  station_name: string | null;
}

// Generous bounds: every wait is for app state, and a loaded machine is slow to show it.
describe('a scanner station by the pantry door', { timeout: 240_000 }, () => {
  const stage = useServerAndBrowser({ OFF_ENABLED: 'false' });
  // Served as localhost: the camera needs a secure context.
  const origin = () => stage.server.baseUrl.replace('127.0.0.1', 'localhost');
  let owner: Page;
  let ownerContext: BrowserContext;
  let pairingUrl = '';
  const closing: { close(): Promise<unknown> }[] = [];
  afterAll(async () => {
    for (const item of closing.reverse()) await item.close();
  });

  const ownerApi = <T>(method: string, path: string, body?: unknown) => pageApi<T>(owner, method, path, body);
  /** How the newest scan in the station's list went (its row's outcome class). */
  const outcomeOf = async (row: ReturnType<Page['locator']>) => /station-scan--(\w+)/.exec((await row.getAttribute('class')) ?? '')?.[1];
  const scan = async (station: Page, text: string) => {
    const before = await station.locator('[data-testid="station-recent"] li').count();
    await station.fill('[data-testid="station-wedge"]', text);
    await station.press('[data-testid="station-wedge"]', 'Enter');
    await expect.poll(() => station.locator('[data-testid="station-recent"] li').count(), { timeout: 30_000 }).toBe(Math.min(before + 1, 20));
    return station.locator('[data-testid="station-recent"] li').first();
  };

  it('pairs a station from the settings with a link whose token never stays in the address bar or history', async () => {
    ownerContext = await stage.browser.newContext({ locale: 'en-GB', viewport: SIZES.desktop });
    closing.push(ownerContext);
    owner = await ownerContext.newPage();
    await owner.goto(origin());
    await pageApi(owner, 'POST', '/api/v1/auth/setup', { password: PASSWORD, display_name: 'Olivia', preferred_locale: 'en' });
    await ownerApi('POST', '/api/v1/catalog/products', { name: 'Haferflocken', barcode: KNOWN });
    await owner.goto(`${origin()}/settings/tokens`);
    await owner.fill('input[name="station_name"]', 'Pantry door');
    await owner.click('button:text-is("Pair a scanner station")');
    pairingUrl = (await owner.getByTestId('station-pairing-link').textContent()) ?? '';
    expect(pairingUrl).toMatch(new RegExp(`^${origin()}/station#pair=hinv_pat_[\\w-]+&name=Pantry\\+door$`));
    await owner.waitForSelector('[data-testid="station-pairing"] svg[role="img"][aria-label="QR code of the pairing link"]');
    const tokens = await ownerApi<{ name: string; scopes: string[] }[]>('GET', '/api/v1/auth/api-tokens');
    expect(tokens).toEqual([expect.objectContaining({ name: 'Pantry door', station: true, scopes: ['catalog:read', 'scans:read', 'scans:write'] })]);
    await owner.screenshot({ path: join(TEST_OUTPUT, 'station-pairing-desktop-light.png'), fullPage: true });
    expect(await seriousViolations(owner), 'pairing card').toEqual([]);

    const stationContext = await stage.browser.newContext({ locale: 'en-GB', viewport: SIZES.phone });
    closing.push(stationContext);
    const station = await stationContext.newPage();
    await station.goto(pairingUrl);
    await station.waitForSelector('[data-testid="station"]');
    expect(station.url()).toBe(`${origin()}/station`);
    expect(await station.evaluate(() => location.hash)).toBe('');
    // Back and forward again: the history entry holds the address without the fragment.
    await station.goBack();
    await station.goForward();
    await station.waitForSelector('[data-testid="station"]');
    expect(station.url()).toBe(`${origin()}/station`);
    expect(await station.locator('h1').textContent()).toBe('Pantry door');
    // The token went to the server only as a header, never in a URL it logged.
    const token = new URLSearchParams(new URL(pairingUrl).hash.slice(1)).get('pair') as string;
    expect(stage.server.output()).not.toContain(token);
    // No way to a personal screen: no links and no navigation at all.
    expect(await station.locator('a, nav').count()).toBe(0);
    await stationContext.close();
  });

  it('turns typed codes into drafts in every mode, switches mode by a mode barcode, and names itself in the inbox', async () => {
    const report: string[] = [];
    for (const theme of ['light', 'dark'] as const) {
      const context = await stage.browser.newContext({ locale: 'en-GB', viewport: theme === 'light' ? SIZES.phone : SIZES.desktop, colorScheme: theme });
      const station = await context.newPage();
      await station.goto(pairingUrl);
      await station.waitForSelector('[data-testid="station"]');
      if (theme === 'light') {
        for (const [mode, label] of [
          ['add', 'Add to stock'],
          ['consume', 'Use up'],
          ['open', 'Open'],
          ['shopping', 'Shopping list'],
          ['identify', 'Identify'],
        ] as const) {
          await station.click(`[role="radio"]:has-text("${label}")`);
          await expect.poll(() => station.getByTestId('station-mode').textContent()).toBe(label);
          // The wedge field has the focus back at once: the scanner types there.
          await expect.poll(() => station.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('station-wedge');
          const row = await scan(station, KNOWN);
          expect(await outcomeOf(row)).toBe('known');
          expect(await row.textContent()).toContain('Haferflocken');
          const drafts = await ownerApi<Draft[]>('GET', '/api/v1/scans/from-stations');
          expect(drafts[0]).toMatchObject({ mode, barcode_normalized: KNOWN, station_name: 'Pantry door', status: 'resolved' });
        }
        // A printed mode label switches the mode; an unknown product waits in the inbox as new.
        expect(await outcomeOf((await scan(station, 'HINV-MODE-CONSUME')))).toBe('mode');
        await expect.poll(() => station.getByTestId('station-mode').textContent()).toBe('Use up');
        const fresh = await scan(station, UNKNOWN);
        expect(await outcomeOf(fresh)).toBe('new');
        const unresolved = await ownerApi<Draft[]>('GET', '/api/v1/scans/unresolved');
        expect(unresolved[0]).toMatchObject({ mode: 'consume', barcode_normalized: UNKNOWN, station_name: 'Pantry door' });
        expect(await outcomeOf((await scan(station, 'KEKS')))).toBe('error');
      } else {
        await scan(station, KNOWN);
      }
      // Nothing runs past the screen's edge.
      expect(await station.evaluate(() => document.documentElement.scrollWidth)).toBe(theme === 'light' ? SIZES.phone.width : SIZES.desktop.width);
      await station.screenshot({ path: join(TEST_OUTPUT, `station-${theme === 'light' ? 'phone' : 'desktop'}-${theme}.png`), fullPage: true });
      const violations = await seriousViolations(station);
      report.push(`${theme}: ${violations.length}`);
      expect(violations, `station in ${theme}`).toEqual([]);
      await context.close();
    }
    console.log(`station accessibility (serious + critical): ${report.join(', ')}`);

    await owner.goto(`${origin()}/scan`);
    await owner.waitForSelector('[data-testid="inbox"]');
    // The stations' list and the unresolved inbox load side by side.
    await expect.poll(() => owner.getByTestId('inbox').textContent()).toContain('from Pantry door');
    await owner.screenshot({ path: join(TEST_OUTPUT, 'station-inbox-desktop-light.png'), fullPage: true });
  });

  it('prints mode barcodes that a camera reads to switch the station', async () => {
    await owner.goto(`${origin()}/settings/tokens`);
    await owner.click('a:text-is("Print mode barcodes")');
    await owner.waitForSelector('[data-testid="mode-codes"]');
    expect(await owner.locator('[data-testid="mode-codes"] svg[role="img"]').count()).toBe(5);
    await owner.screenshot({ path: join(TEST_OUTPUT, 'station-mode-codes-desktop-light.png'), fullPage: true });
    expect(await seriousViolations(owner), 'mode codes').toEqual([]);
    const label = await owner.locator('svg[data-code="HINV-MODE-OPEN"]').screenshot();

    // A second browser whose camera films the label exactly as the app drew it.
    const cameraBrowser = await launchBrowser(fakeCameraArgs(pictureVideo(label)));
    closing.push(cameraBrowser);
    const station = await (await cameraBrowser.newContext({ locale: 'en-GB', viewport: SIZES.phone })).newPage();
    await station.goto(pairingUrl);
    await station.waitForSelector('[data-testid="station"]');
    await station.click('button:text-is("Start camera")');
    await expect.poll(() => station.getByTestId('station-mode').textContent()).toBe('Open');
    expect(await outcomeOf(station.locator('[data-testid="station-recent"] li').first())).toBe('mode');
  });

  it("takes a scanner's code while the unpair question is open, and the question stays open", async () => {
    const context = await stage.browser.newContext({ locale: 'en-GB', viewport: SIZES.phone });
    const station = await context.newPage();
    await station.goto(pairingUrl);
    await station.waitForSelector('[data-testid="station"]');
    await station.click('[data-testid="station-unpair"]');
    await station.waitForSelector('dialog[open]');
    // The focus is in the sheet, not in the wedge field: the scanner's code is taken all the same,
    // and its Enter does not answer the question.
    const keyboard = await Keyboard.of(station);
    await keyboard.scan(KNOWN);
    await expect.poll(() => station.locator('[data-testid="station-recent"] li').count(), { timeout: 30_000 }).toBe(1);
    expect(await outcomeOf(station.locator('[data-testid="station-recent"] li').first())).toBe('known');
    expect(await station.locator('dialog[open]').count()).toBe(1);
    expect(await station.inputValue('[data-testid="station-wedge"]')).toBe('');
    await context.close();
  });

  it('shows the pair-again screen once the token is revoked, and keeps a scan made offline', async () => {
    const context = await stage.browser.newContext({ locale: 'en-GB', viewport: SIZES.phone });
    const station = await context.newPage();
    await station.goto(pairingUrl);
    await station.waitForSelector('[data-testid="station"]');
    await context.setOffline(true);
    const queued = await scan(station, KNOWN);
    expect(await outcomeOf(queued)).toBe('queued');
    await expect.poll(() => station.getByTestId('station-offline').textContent()).toContain('1 waiting');

    const [token] = await ownerApi<{ id: string }[]>('GET', '/api/v1/auth/api-tokens');
    await ownerApi('DELETE', `/api/v1/auth/api-tokens/${token.id}`);
    await context.setOffline(false);
    await station.waitForSelector('[data-testid="station-pair-again"]');
    await station.screenshot({ path: join(TEST_OUTPUT, 'station-pair-again-phone-light.png'), fullPage: true });
    // The scan stayed on the device for the next pairing.
    expect(await station.evaluate(() => new Promise((resolve) => {
      const open = indexedDB.open('household-inventory-station');
      open.onsuccess = () => {
        const count = open.result.transaction('scans').objectStore('scans').count();
        count.onsuccess = () => resolve(count.result);
      };
    }))).toBe(1);
    await station.reload();
    await station.waitForSelector('[data-testid="station-pair-again"]');
    await context.close();
  });
});
