import type { ReactNode } from 'react';

/** A new password, with the API's bounds (10–512 characters) so the browser checks them first. */
export function NewPasswordField({ label, name = 'password', value, onChange }: { label: ReactNode; name?: string; value: string; onChange: (value: string) => void }) {
  return (
    <label>
      {label}
      <input name={name} type="password" autoComplete="new-password" required minLength={10} maxLength={512} value={value} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}
