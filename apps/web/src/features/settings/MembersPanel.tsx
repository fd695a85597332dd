import type { Schemas } from '@hinv/api-client';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../app/api-context';
import { serverDetail } from '../../app/server-detail';
import { useRecentAuth } from '../../app/recent-auth';
import { Button, Card, Input, Select } from '../../ui';
import { LoadProblem, useLoadProblem } from '../../app/load-problem';

type Role = Schemas['HouseholdInvitationCreateInput']['role'];

/** Household members and invitations (owners and admins; the API enforces the admin limits). */
export function MembersPanel({ selfId, selfRole }: { selfId: string; selfRole: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const { failed: loadFailed, watch } = useLoadProblem();
  const withRecentAuth = useRecentAuth();
  const [members, setMembers] = useState<Schemas['HouseholdMemberResponse'][]>([]);
  const [invitations, setInvitations] = useState<Schemas['HouseholdInvitationResponse'][]>([]);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<NonNullable<Role>>('member');
  const [link, setLink] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // Admins may manage members and viewers only; the API refuses anything more (403 admin_limit).
  const grantable = selfRole === 'owner' ? (['admin', 'member', 'viewer'] as const) : (['member', 'viewer'] as const);
  const manageable = (member: Schemas['HouseholdMemberResponse']) => member.role !== 'owner' && member.id !== selfId && (selfRole === 'owner' || member.role !== 'admin');

  const load = useCallback(() => {
    watch('members', api.GET('/api/v1/auth/members'), setMembers);
    watch('invitations', api.GET('/api/v1/auth/invitations'), setInvitations);
  }, [api]);
  useEffect(load, [load]);

  const invite = async (event: FormEvent) => {
    event.preventDefault();
    const result = await withRecentAuth(() => api.POST('/api/v1/auth/invitations', { body: { display_name: name.trim(), email: email.trim(), role } }));
    if (result?.data?.invite_token) {
      setLink(`${window.location.origin}/invite/${result.data.invite_token}`);
      setName('');
      setEmail('');
      setNotice(null);
      load();
    } else if (result) setNotice(serverDetail(result.error) ?? t('members.problem'));
  };

  const update = async (member: Schemas['HouseholdMemberResponse'], changes: { role?: NonNullable<Role>; active?: boolean }) => {
    const result = await withRecentAuth(() =>
      api.PATCH('/api/v1/auth/members/{user_id}', { params: { path: { user_id: member.id } }, body: { role: (changes.role ?? member.role) as NonNullable<Role>, active: changes.active ?? member.active } }),
    );
    if (result) setNotice(result.data ? null : (serverDetail(result.error) ?? t('members.problem')));
    load();
  };

  const revoke = async (id: string) => {
    await withRecentAuth(() => api.DELETE('/api/v1/auth/invitations/{invitation_id}', { params: { path: { invitation_id: id } } }));
    load();
  };

  return (
    <Card title={t('members.heading')} titleId="members-heading" className="settings-panel">
      <LoadProblem failed={loadFailed} onRetry={load} />
      {notice && (
        <p className="form-problem" role="alert" data-testid="members-problem">
          {notice}
        </p>
      )}
      <ul className="rows" data-testid="member-list">
        {members.map((member) => (
          <li key={member.id}>
            <span>
              {member.display_name} <span className="muted small">{member.email}</span>
            </span>
            {!manageable(member) ? (
              <span className="muted small">{t(`members.roles.${member.role}`)}</span>
            ) : (
              <span className="actions">
                <Select aria-label={t('members.roleOf', { name: member.display_name })} value={member.role} onChange={(e) => void update(member, { role: e.target.value as NonNullable<Role> })}>
                  {grantable.map((value) => (
                    <option key={value} value={value}>
                      {t(`members.roles.${value}`)}
                    </option>
                  ))}
                </Select>
                <Button variant="secondary" onClick={() => void update(member, { active: !member.active })}>
                  {member.active ? t('members.block') : t('members.unblock')}
                </Button>
              </span>
            )}
          </li>
        ))}
      </ul>
      <h3>{t('members.invite')}</h3>
      {link && (
        <p className="notice" data-testid="invite-link">
          {t('members.linkOnce')} <code className="token">{link}</code>
        </p>
      )}
      <form className="form" onSubmit={invite}>
        <label>
          {t('auth.field.displayName')}
          <Input name="invite_name" required minLength={2} maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <label>
          {t('auth.field.email')}
          <Input name="invite_email" type="email" required maxLength={320} value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <label>
          {t('members.role')}
          <Select name="invite_role" value={role} onChange={(e) => setRole(e.target.value as NonNullable<Role>)}>
            {grantable.map((value) => (
              <option key={value} value={value}>
                {t(`members.roles.${value}`)}
              </option>
            ))}
          </Select>
        </label>
        <Button type="submit">{t('members.sendInvite')}</Button>
      </form>
      {invitations.length > 0 && (
        <ul className="rows" data-testid="invitation-list">
          {invitations.map((invitation) => (
            <li key={invitation.id}>
              <span>
                {invitation.display_name} <span className="muted small">{invitation.email}</span>
              </span>
              <Button variant="secondary" onClick={() => void revoke(invitation.id)}>
                {t('members.revoke')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
