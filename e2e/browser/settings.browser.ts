import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { useServerAndBrowser } from '../support/browser.js';

describe('settings in the PWA', () => {
  const stage = useServerAndBrowser();
  let recoveryCodes: string[] = [];

  it('turns on two-factor sign-in from the QR screen and shows the recovery codes once', async () => {
    const context = await stage.browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto(stage.server.baseUrl);
    await page.fill('input[name="display_name"]', 'Sam Owner');
    await page.fill('input[name="password"]', 'settings owner password');
    await page.click('button[type="submit"]');
    await page.waitForSelector('#home-expiring-heading');
    await page.click('nav >> text=Settings');
    await page.click('.settings-sections >> text=Security');
    await expect.poll(() => page.getByTestId('totp-state').textContent()).toBe('Two-factor sign-in is off.');

    await page.click('button:text-is("Set up two-factor sign-in")');
    const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
    expect(await page.locator('img[alt="QR code for your authenticator app"]').getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    await page.fill('input[name="totp_code"]', '000000');
    await page.click('button:text-is("Turn on")');
    await expect.poll(() => page.getByTestId('security-notice').textContent()).toBe('The code is not correct.');
    await page.fill('input[name="totp_code"]', await generate({ secret }));
    await page.click('button:text-is("Turn on")');
    await expect.poll(() => page.getByTestId('recovery-codes').locator('li').count()).toBeGreaterThanOrEqual(8);
    await expect.poll(() => page.getByTestId('totp-state').textContent()).toMatch(/^Two-factor sign-in is on \(\d+ recovery codes left\)\.$/);
    recoveryCodes = await page.getByTestId('recovery-codes').locator('code').allTextContents();

    // After a reload the codes are gone for good: they were shown only once.
    await page.reload();
    await page.click('nav >> text=Settings');
    await page.click('.settings-sections >> text=Security');
    await expect.poll(() => page.getByTestId('totp-state').textContent()).toMatch(/is on/);
    expect(await page.getByTestId('recovery-codes').count()).toBe(0);
    await context.close();
  });

  it('invites a viewer through the members panel; the viewer is offered no write actions', async () => {
    const owner = await stage.browser.newContext({ locale: 'en-GB' });
    const ownerPage = await owner.newPage();
    await ownerPage.goto(stage.server.baseUrl);
    // Two-factor sign-in is on since the first test: a recovery code stands in for the app.
    await ownerPage.fill('input[name="password"]', 'settings owner password');
    await ownerPage.click('button[type="submit"]');
    await ownerPage.fill('input[name="code"]', recoveryCodes[0]!);
    await ownerPage.click('button[type="submit"]');
    await expect.poll(() => ownerPage.locator('.shell-tagline').textContent()).toBe('Signed in as Sam Owner');

    await ownerPage.click('nav >> text=Settings');
    await ownerPage.click('.settings-sections >> text=Household members');
    await ownerPage.fill('input[name="invite_name"]', 'Robin');
    await ownerPage.fill('input[name="invite_email"]', 'robin@example.org');
    await ownerPage.selectOption('select[name="invite_role"]', 'viewer');
    await ownerPage.click('button:text-is("Create invitation")');
    // The server explains in the user's language why it refused.
    await expect.poll(() => ownerPage.getByTestId('members-problem').textContent()).toBe('Add your own e-mail address before inviting others');
    await ownerPage.click('nav >> text=Settings');
    await ownerPage.click('.settings-sections >> text=Your account');
    await ownerPage.fill('input[name="profile_email"]', 'sam@example.org');
    await ownerPage.click('button:text-is("Save profile")');
    await expect.poll(() => ownerPage.locator('main').textContent()).toContain('Profile saved.');
    await ownerPage.goBack();
    await ownerPage.goBack();
    await ownerPage.waitForSelector('#members-heading');
    await ownerPage.fill('input[name="invite_name"]', 'Robin');
    await ownerPage.fill('input[name="invite_email"]', 'robin@example.org');
    await ownerPage.selectOption('select[name="invite_role"]', 'viewer');
    await ownerPage.click('button:text-is("Create invitation")');
    const link = (await ownerPage.getByTestId('invite-link').locator('code').textContent()) ?? '';
    expect(link).toMatch(new RegExp(`^${stage.server.baseUrl}/invite/[A-Za-z0-9_-]{20,200}$`));
    await expect.poll(() => ownerPage.getByTestId('invitation-list').textContent()).toContain('robin@example.org');

    const invitee = await stage.browser.newContext({ locale: 'en-GB' });
    const page = await invitee.newPage();
    await page.goto(link);
    await page.fill('input[name="password"]', 'robin password 123');
    await page.click('text=Join and sign in');
    await expect.poll(() => page.locator('.shell-tagline').textContent()).toBe('Signed in as Robin');
    await page.waitForSelector('#home-expiring-heading');
    expect(await page.getByTestId('home-scan').count()).toBe(0);
    await page.click('nav >> text=Scan');
    await expect.poll(() => page.locator('main').textContent()).toContain('Scanning needs a member account.');
    expect(await page.locator('#scan-heading').count()).toBe(0);
    await page.click('nav >> text=Settings');
    await page.waitForSelector('.settings-sections');
    expect(await page.locator('.settings-sections >> text=Household members').count()).toBe(0);

    // The owner promotes Robin; after a reload Robin can scan.
    await ownerPage.reload();
    await ownerPage.click('nav >> text=Settings');
    await ownerPage.click('.settings-sections >> text=Household members');
    await ownerPage.selectOption('select[aria-label="Role of Robin"]', 'member');
    await expect
      .poll(() => ownerPage.evaluate(async () => (await (await fetch('/api/v1/auth/members')).json()) as { display_name: string; role: string }[]))
      .toContainEqual(expect.objectContaining({ display_name: 'Robin', role: 'member' }));
    await page.goto(`${stage.server.baseUrl}/scan`);
    await page.waitForSelector('#scan-heading');
    await invitee.close();
    await owner.close();
  });
});
