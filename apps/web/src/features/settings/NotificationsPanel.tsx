import type { Schemas } from '@hinv/api-client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Bell from 'lucide-react/icons/bell';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../app/api-context';
import { QueryProblem } from '../../app/QueryProblem';
import { ApiError, ok } from '../../lib/api-result';
import { Badge, Banner, Button, Card, Checkbox, Field, Input, List, ListRow, Skeleton, useToast } from '../../ui';
import {
  currentEnvironment,
  currentSubscription,
  endpointFingerprint,
  PushPermissionRefused,
  pushSupport,
  subscribeThisDevice,
  subscriptionBody,
  type PushSupport,
} from './push-device';
import { settingsKeys } from './settings-keys';

type NotificationState = Schemas['NotificationStateResponse'];
type Preferences = Required<Schemas['NotificationPreferencesResponse']>;

const DEFAULTS: Preferences = { push_enabled: false, low_stock_enabled: true, expiry_enabled: true, expiry_days_before: 7 };

/**
 * Web Push for the signed-in member: this device's state (with the explanation when the browser
 * needs https or the installed app), turning it on with a tap (the only place the permission
 * prompt appears), the personal preferences, the device list with revoke, and a test message.
 */
export function NotificationsPanel() {
  const { t } = useTranslation();
  const api = useApi();
  const state = useQuery({ queryKey: settingsKeys.notifications, queryFn: () => ok(api.GET('/api/v1/notifications/state')) });
  return (
    <Card title={t('notifications.heading')} titleId="notifications-heading" className="settings-panel">
      <p className="muted">{t('notifications.intro')}</p>
      <QueryProblem query={state} />
      {state.data ? <NotificationsForm state={state.data} /> : !state.isError && <Skeleton width="100%" height="12rem" />}
    </Card>
  );
}

/** Which of the member's devices this browser is, by the fingerprint of its current subscription. */
function useThisDevice(state: NotificationState): { fingerprint: string | null; checked: boolean; refresh: () => void } {
  const [fingerprint, setFingerprint] = useState<string | null>(null);
  const [checked, setChecked] = useState(false);
  const [round, setRound] = useState(0);
  useEffect(() => {
    let current = true;
    void currentSubscription()
      .then((subscription) => (subscription ? endpointFingerprint(subscription.endpoint) : null))
      .catch(() => null)
      .then((value) => {
        if (!current) return;
        setFingerprint(value);
        setChecked(true);
      });
    return () => {
      current = false;
    };
  }, [round, state.subscriptions.length]);
  return { fingerprint, checked, refresh: () => setRound((n) => n + 1) };
}

function NotificationsForm({ state }: { state: NotificationState }) {
  const { t } = useTranslation();
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [support, setSupport] = useState<PushSupport>(() => pushSupport(currentEnvironment()));
  const saved: Preferences = { ...DEFAULTS, ...state.preferences };
  const [draft, setDraft] = useState<Preferences>(saved);
  const [days, setDays] = useState(String(saved.expiry_days_before));
  const device = useThisDevice(state);
  const thisDevice = state.subscriptions.find((s) => s.active && s.endpoint_fingerprint === device.fingerprint) ?? null;

  useEffect(() => {
    setDraft({ ...DEFAULTS, ...state.preferences });
    setDays(String(state.preferences.expiry_days_before ?? DEFAULTS.expiry_days_before));
  }, [JSON.stringify(state.preferences)]);

  const adopt = (next: NotificationState) => queryClient.setQueryData(settingsKeys.notifications, next);
  const reload = () => queryClient.invalidateQueries({ queryKey: settingsKeys.notifications });

  const savePreferences = useMutation({
    mutationFn: (body: Preferences) => ok(api.PUT('/api/v1/notifications/preferences', { body })),
    onSuccess: (next) => {
      adopt(next);
      toast.show({ message: t('notifications.saved') });
    },
  });

  const enable = useMutation({
    mutationFn: async () => {
      const subscription = await subscribeThisDevice(state.public_key);
      await ok(api.POST('/api/v1/notifications/subscriptions', { body: subscriptionBody(subscription) }));
      // Turning on a device means wanting messages: the personal switch follows.
      if (!saved.push_enabled) await ok(api.PUT('/api/v1/notifications/preferences', { body: { ...saved, push_enabled: true } }));
    },
    onSettled: () => {
      setSupport(pushSupport(currentEnvironment()));
      device.refresh();
      void reload();
    },
  });

  const revoke = useMutation({
    mutationFn: async (id: string) => {
      await ok(api.DELETE('/api/v1/notifications/subscriptions/{subscription_id}', { params: { path: { subscription_id: id } } }));
      if (id === thisDevice?.id) await (await currentSubscription())?.unsubscribe();
    },
    onSettled: () => {
      device.refresh();
      void reload();
    },
  });

  const test = useMutation({
    mutationFn: (id: string) => ok(api.POST('/api/v1/notifications/test', { body: { subscription_id: id } })),
    onSuccess: (result) => toast.show(result.delivered > 0 ? { message: t('notifications.testSent') } : { variant: 'error', message: t('notifications.testFailed') }),
    onError: () => toast.show({ variant: 'error', message: t('notifications.testFailed') }),
    onSettled: () => void reload(),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = Number(days);
    if (!Number.isInteger(value) || value < 0 || value > 90) return;
    savePreferences.mutate({ ...draft, expiry_days_before: value });
  };
  const daysInvalid = days.trim() === '' || !Number.isInteger(Number(days)) || Number(days) < 0 || Number(days) > 90;
  const enableError = enable.error instanceof PushPermissionRefused ? t('notifications.permissionDenied') : enable.error ? t('notifications.enableFailed') : null;
  const endpointRefused = enable.error instanceof ApiError && enable.error.status === 422;

  return (
    <div className="ui-stack">
      <section aria-labelledby="this-device-heading" className="ui-stack" data-testid="this-device">
        <h3 id="this-device-heading">{t('notifications.thisDevice')}</h3>
        {support.kind === 'insecure' && (
          <Banner tone="warning" title={t('notifications.insecureTitle')} data-testid="push-insecure">
            {t('notifications.insecure')}
          </Banner>
        )}
        {support.kind === 'install' && (
          <Banner tone="info" title={t('notifications.installTitle')} data-testid="push-install">
            {t('notifications.install')}
          </Banner>
        )}
        {support.kind === 'unsupported' && <Banner tone="warning" data-testid="push-unsupported">{t('notifications.unsupported')}</Banner>}
        {support.kind === 'ready' && support.permission === 'denied' && (
          <Banner tone="warning" title={t('notifications.blockedTitle')} data-testid="push-blocked">
            {t('notifications.blocked')}
          </Banner>
        )}
        {support.kind === 'ready' && support.permission !== 'denied' && device.checked && (
          <>
            {thisDevice ? (
              <p data-testid="this-device-state">
                <Badge tone="accent">{t('notifications.on')}</Badge> {t('notifications.thisDeviceOn', { name: thisDevice.device_name })}
              </p>
            ) : (
              <p data-testid="this-device-state">{t('notifications.thisDeviceOff')}</p>
            )}
            <div className="ui-cluster">
              {thisDevice ? (
                <>
                  <Button onClick={() => test.mutate(thisDevice.id)} loading={test.isPending} data-testid="push-test">
                    {t('notifications.test')}
                  </Button>
                  <Button variant="secondary" onClick={() => revoke.mutate(thisDevice.id)} loading={revoke.isPending && revoke.variables === thisDevice.id}>
                    {t('notifications.turnOffHere')}
                  </Button>
                </>
              ) : (
                <Button icon={Bell} onClick={() => enable.mutate()} loading={enable.isPending} data-testid="push-enable">
                  {t('notifications.turnOnHere')}
                </Button>
              )}
            </div>
            {enableError && (
              <p className="notice notice-error" role="alert">
                {endpointRefused ? t('notifications.endpointRefused') : enableError}
              </p>
            )}
          </>
        )}
      </section>

      <form className="ui-stack" onSubmit={submit} aria-labelledby="push-preferences-heading" data-testid="push-preferences">
        <h3 id="push-preferences-heading">{t('notifications.preferences')}</h3>
        <Checkbox
          name="push_enabled"
          label={t('notifications.pushEnabled')}
          checked={draft.push_enabled}
          onChange={(event) => setDraft((current) => ({ ...current, push_enabled: event.target.checked }))}
        />
        <Checkbox
          name="low_stock_enabled"
          label={t('notifications.lowStock')}
          checked={draft.low_stock_enabled}
          onChange={(event) => setDraft((current) => ({ ...current, low_stock_enabled: event.target.checked }))}
        />
        <Checkbox
          name="expiry_enabled"
          label={t('notifications.expiry')}
          checked={draft.expiry_enabled}
          onChange={(event) => setDraft((current) => ({ ...current, expiry_enabled: event.target.checked }))}
        />
        <Field label={t('notifications.daysBefore')} hint={t('notifications.daysBeforeHint')} error={daysInvalid ? t('notifications.daysRange') : undefined}>
          <Input
            name="expiry_days_before"
            type="number"
            inputMode="numeric"
            min={0}
            max={90}
            step={1}
            required
            disabled={!draft.expiry_enabled}
            value={days}
            onChange={(event) => setDays(event.target.value)}
          />
        </Field>
        <p className="muted small" data-testid="push-events">
          {t('notifications.activeEvents', { lowStock: state.active_low_stock_events ?? 0, expiry: state.active_expiry_events ?? 0 })}
        </p>
        <Button type="submit" loading={savePreferences.isPending} disabled={daysInvalid}>
          {t('notifications.save')}
        </Button>
        {savePreferences.isError && (
          <p className="notice notice-error" role="alert">
            {t('notifications.saveFailed')}
          </p>
        )}
      </form>

      <section aria-labelledby="push-devices-heading" className="ui-stack">
        <h3 id="push-devices-heading">{t('notifications.devices')}</h3>
        {state.subscriptions.length === 0 ? (
          <p className="muted" data-testid="push-devices-empty">
            {t('notifications.noDevices')}
          </p>
        ) : (
          <List data-testid="push-devices">
            {state.subscriptions.map((entry) => (
              <ListRow
                key={entry.id}
                title={entry.device_name}
                subtitle={[
                  entry.id === thisDevice?.id ? t('notifications.thisDeviceLabel') : null,
                  entry.active ? null : t('notifications.inactive'),
                  entry.last_success_at ? t('notifications.lastSuccess', { date: entry.last_success_at.slice(0, 10) }) : t('notifications.neverDelivered'),
                  entry.failure_count > 0 ? t('notifications.failures', { count: entry.failure_count }) : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
                leading={false}
                action={
                  <Button variant="secondary" aria-label={t('notifications.revokeNamed', { name: entry.device_name })} onClick={() => revoke.mutate(entry.id)} loading={revoke.isPending && revoke.variables === entry.id}>
                    {t('notifications.revoke')}
                  </Button>
                }
              />
            ))}
          </List>
        )}
      </section>
    </div>
  );
}
