import { APP_VERSION, LOCALES, type Locale } from '@hinv/shared';
import type { LucideIcon } from 'lucide-react';
import ArrowRightLeft from 'lucide-react/icons/arrow-right-left';
import Bell from 'lucide-react/icons/bell';
import DatabaseBackup from 'lucide-react/icons/database-backup';
import KeyRound from 'lucide-react/icons/key-round';
import Monitor from 'lucide-react/icons/monitor';
import Moon from 'lucide-react/icons/moon';
import ReceiptText from 'lucide-react/icons/receipt-text';
import ShieldCheck from 'lucide-react/icons/shield-check';
import Sun from 'lucide-react/icons/sun';
import UserRound from 'lucide-react/icons/user-round';
import UsersRound from 'lucide-react/icons/users-round';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useApi } from '../../app/api-context';
import { HealthStatus } from '../../app/HealthStatus';
import { NotFound } from '../../app/NotFound';
import { paths, type SettingsSection } from '../../app/paths';
import { useRecentAuth } from '../../app/recent-auth';
import { useSession } from '../../app/session';
import { i18n } from '../../i18n/i18n';
import { Button, Card, List, ListRow, SegmentedControl } from '../../ui';
import { useTheme, type ThemePreference } from '../../ui/theme';
import { AccountPanel } from './AccountPanel';
import { GrocyPanel } from './GrocyPanel';
import { GuideRow } from './GuideRow';
import { MembersPanel } from './MembersPanel';
import { NotificationsPanel } from './NotificationsPanel';
import { PrivacyPanel } from './PrivacyPanel';
import { ReceiptProviderPanel } from './ReceiptProviderPanel';
import { SecurityPanel } from './SecurityPanel';
import { TokensPanel } from './TokensPanel';
import { SignOutButton } from '../../app/SignOutButton';

type Audience = 'everyone' | 'managers' | 'owner';

const SECTIONS: {
  section: SettingsSection;
  label: 'account.heading' | 'security.heading' | 'notifications.heading' | 'members.heading' | 'tokens.heading' | 'provider.heading' | 'grocy.heading' | 'privacy.heading';
  icon: LucideIcon;
  audience: Audience;
}[] = [
  { section: 'account', label: 'account.heading', icon: UserRound, audience: 'everyone' },
  { section: 'security', label: 'security.heading', icon: ShieldCheck, audience: 'everyone' },
  { section: 'notifications', label: 'notifications.heading', icon: Bell, audience: 'everyone' },
  { section: 'members', label: 'members.heading', icon: UsersRound, audience: 'managers' },
  { section: 'tokens', label: 'tokens.heading', icon: KeyRound, audience: 'managers' },
  // The installation settings are the owner's alone (the API refuses admins too).
  { section: 'receipt-reading', label: 'provider.heading', icon: ReceiptText, audience: 'owner' },
  { section: 'grocy', label: 'grocy.heading', icon: ArrowRightLeft, audience: 'owner' },
  { section: 'privacy', label: 'privacy.heading', icon: DatabaseBackup, audience: 'owner' },
];

/** Settings: the general part (language, sign-out, the service's state) and one address per section. */
export function SettingsScreen({ section }: { section?: string }) {
  const { t } = useTranslation();
  const { user, auth, canManage } = useSession();
  const allowed: Record<Audience, boolean> = { everyone: true, managers: canManage, owner: canManage && user.role === 'owner' };
  const sections = SECTIONS.filter((entry) => allowed[entry.audience]);
  const chosen = sections.find((entry) => entry.section === section);
  if (section !== undefined && !chosen) {
    return <NotFound back={paths.settings} backLabel={t('nav.settings')} />;
  }
  if (chosen) {
    return (
      <>
        <Link href={paths.settings} className="link back-link">
          {t('nav.settings')}
        </Link>
        {chosen.section === 'account' && <AccountPanel isOwner={user.role === 'owner'} displayName={user.display_name} email={user.email ?? null} onProfileSaved={auth.adopt} />}
        {chosen.section === 'security' && <SecurityPanel />}
        {chosen.section === 'notifications' && <NotificationsPanel />}
        {chosen.section === 'members' && <MembersPanel selfId={user.id} selfRole={user.role} />}
        {chosen.section === 'tokens' && <TokensPanel />}
        {chosen.section === 'receipt-reading' && <ReceiptProviderPanel />}
        {chosen.section === 'grocy' && <GrocyPanel />}
        {chosen.section === 'privacy' && <PrivacyPanel />}
      </>
    );
  }
  return (
    <>
      <GeneralSettings />
      <nav className="settings-sections" aria-label={t('more.sections')}>
        <Card flush>
          <List>
            {sections.map((entry) => (
              <Link key={entry.section} href={paths.settingsSection(entry.section)} asChild>
                <ListRow title={t(entry.label)} leading={<entry.icon aria-hidden="true" size={22} />} />
              </Link>
            ))}
            <GuideRow />
          </List>
        </Card>
      </nav>
      <section className="card" aria-labelledby="status-heading">
        <h2 id="status-heading">{t('status.heading')}</h2>
        <dl className="status-list">
          <HealthStatus />
          <div className="status-row">
            <dt>{t('status.version')}</dt>
            <dd data-testid="app-version">{APP_VERSION}</dd>
          </div>
        </dl>
      </section>
    </>
  );
}

/** Language, signing out here and everywhere else. */
function GeneralSettings() {
  const { t } = useTranslation();
  const api = useApi();
  const withRecentAuth = useRecentAuth();
  const [theme, setTheme] = useTheme();
  const [notice, setNotice] = useState<string | null>(null);
  const signOutOthers = async () => {
    const result = await withRecentAuth(() => api.POST('/api/v1/auth/sessions/revoke-others'));
    if (result?.data) setNotice(t('more.otherDevicesSignedOut', { count: result.data.revoked }));
  };
  const changeLanguage = async (locale: Locale) => {
    await i18n.changeLanguage(locale);
    // Stored on the account, so other devices and the service's messages follow it; this device
    // keeps the choice either way, and says when the account could not be told.
    const stored = await api.PATCH('/api/v1/auth/preferences', { body: { preferred_locale: locale } }).then(
      ({ error }) => error === undefined,
      () => false,
    );
    setNotice(stored ? null : t('more.languageNotStored'));
  };
  return (
  <section className="card form" aria-labelledby="more-heading">
    <h2 id="more-heading">{t('more.heading')}</h2>
    <div className="setting">
      <span id="theme-label">{t('more.theme')}</span>
      <SegmentedControl<ThemePreference>
        fullWidth
        label={t('more.theme')}
        value={theme}
        onChange={setTheme}
        options={[
          { value: 'system', label: t('more.themes.system'), icon: Monitor },
          { value: 'light', label: t('more.themes.light'), icon: Sun },
          { value: 'dark', label: t('more.themes.dark'), icon: Moon },
        ]}
      />
    </div>
    <label>
      {t('more.language')}
      <select name="language" value={i18n.resolvedLanguage} onChange={(e) => void changeLanguage(e.target.value as Locale)}>
        {LOCALES.map((locale) => (
          <option key={locale} value={locale}>
            {t(`more.languages.${locale}`)}
          </option>
        ))}
      </select>
    </label>
    <Button variant="secondary" onClick={() => void signOutOthers()}>
      {t('more.signOutOthers')}
    </Button>
    {notice && (
      <p className="notice" role="status" data-testid="more-notice">
        {notice}
      </p>
    )}
    <SignOutButton />
  </section>
  );
}
