import type { Schemas } from '@hinv/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../app/api-context';
import { useRecentAuth } from '../../app/recent-auth';
import { ok } from '../../lib/api-result';
import type { Settings } from './provider-form';
import { settingsKeys } from './settings-keys';

export interface SettingsSection<Draft> {
  /** The form's state from the saved settings. */
  draftOf: (saved: Settings) => Draft;
  /** The whole settings document as PUT wants it, this section from the draft. */
  input: (saved: Settings, draft: Draft) => Schemas['SettingsInput'];
  /** The connection test of the section, of what is saved. */
  testPath: '/api/v1/settings/test-provider' | '/api/v1/settings/test-grocy';
}

/**
 * A section of the installation settings as a form (receipt provider, Grocy): the draft, whether
 * it differs from what is saved, saving it (asking for the password when the sign-in is old) and
 * testing the saved connection. After a save the form starts over from what was stored, so a
 * replaced key leaves the field empty.
 */
export function useSettingsSection<Draft>(section: SettingsSection<Draft>, saved: Settings, onSaved: (saved: boolean) => void) {
  const api = useApi();
  const queryClient = useQueryClient();
  const withRecentAuth = useRecentAuth();
  const [draft, setDraft] = useState<Draft>(() => section.draftOf(saved));
  const change = (patch: Partial<Draft>) => {
    onSaved(false);
    setDraft((current) => ({ ...current, ...patch }));
  };
  const dirty = JSON.stringify(draft) !== JSON.stringify(section.draftOf(saved));
  const test = useMutation({ mutationFn: () => ok(api.POST(section.testPath)) });
  const save = useMutation({
    mutationFn: async () => {
      const answer = await withRecentAuth(() => api.PUT('/api/v1/settings', { body: section.input(saved, draft) }));
      return answer ? ok(Promise.resolve(answer)) : null;
    },
    onSuccess: (stored) => {
      if (!stored) return;
      setDraft(section.draftOf(stored));
      test.reset();
      onSaved(true);
      queryClient.setQueryData(settingsKeys.instance, stored);
      void queryClient.invalidateQueries({ queryKey: settingsKeys.status });
    },
  });
  return { draft, change, dirty, test, save };
}
