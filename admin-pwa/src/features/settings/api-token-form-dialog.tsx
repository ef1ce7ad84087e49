// 'Créer un jeton': name, description, access (read-only, full, or custom with read/write boxes per
// resource) and expiry; once created, the same dialog shows the value this once (TokenValue).
import { useState, type FormEvent } from 'react';
import {
  API_TOKEN_LIFETIMES,
  type ApiToken,
  type ApiTokenAccess,
  type ApiTokenAction,
  type ApiTokenResource,
} from '@app/domain/api-tokens';
import { Dialog } from '../../components/dialog.tsx';
import { FieldError, SelectField, TextAreaField, TextField } from '../../components/field.tsx';
import { FormFooter } from '../../components/form-dialog.tsx';
import { errorText } from '../../lib/api.ts';
import { withoutError, type FieldErrors } from '../../lib/form-errors.ts';
import { fill, texts, useT } from '../../lib/i18n.ts';
import { toast } from '../../lib/toast.ts';
import { createApiToken, type ApiTokenInput } from './api-tokens-api.ts';
import { TokenValue } from './api-token-value.tsx';

/** What a custom token can be granted here; statistics are only ever read. */
export const GRANTS: readonly { resource: ApiTokenResource; actions: readonly ApiTokenAction[] }[] = [
  { resource: 'listings', actions: ['read', 'write'] },
  { resource: 'technicalDocuments', actions: ['read', 'write'] },
  { resource: 'messages', actions: ['read', 'write'] },
  { resource: 'newsletter', actions: ['read', 'write'] },
  { resource: 'mailAccounts', actions: ['read', 'write'] },
  { resource: 'statistics', actions: ['read'] },
];

type Expiry = 'never' | `${(typeof API_TOKEN_LIFETIMES)[number]}`;
type Permissions = Partial<Record<ApiTokenResource, ApiTokenAction[]>>;
type Field = 'name' | 'permissions';
const FORM_ID = 'api-token-form';

/** The body sent: permissions only with a custom token, in the form's order of actions. */
export function tokenInput(
  name: string,
  description: string,
  access: ApiTokenAccess,
  permissions: Permissions,
  expiry: Expiry,
): ApiTokenInput {
  const expiresInDays = expiry === 'never' ? null : (Number(expiry) as (typeof API_TOKEN_LIFETIMES)[number]);
  const base = { name: name.trim(), description: description.trim() || null, expiresInDays };
  if (access !== 'custom') return { ...base, access };
  const granted: Permissions = {};
  for (const { resource, actions } of GRANTS) {
    const chosen = actions.filter((a) => permissions[resource]?.includes(a));
    if (chosen.length) granted[resource] = chosen;
  }
  return { ...base, access, permissions: granted as Extract<ApiTokenInput, { access: 'custom' }>['permissions'] };
}

export function ApiTokenFormDialog({ onCreated, onClose }: { onCreated: (token: ApiToken) => void; onClose: () => void }) {
  const all = useT();
  const t = all.apiTokens;
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [access, setAccess] = useState<ApiTokenAccess>('read-only');
  const [permissions, setPermissions] = useState<Permissions>({});
  const [expiry, setExpiry] = useState<Expiry>('90');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);

  const toggle = (resource: ApiTokenResource, action: ApiTokenAction, on: boolean) => {
    setPermissions((p) => {
      const current = p[resource] ?? [];
      return { ...p, [resource]: on ? [...current, action] : current.filter((a) => a !== action) };
    });
    setErrors((e) => withoutError(e, 'permissions'));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const input = tokenInput(name, description, access, permissions, expiry);
    const found: FieldErrors<Field> = {};
    if (!input.name) found.name = t.nameRequired;
    if (input.access === 'custom' && !Object.keys(input.permissions ?? {}).length) found.permissions = t.permissionsRequired;
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const answer = await createApiToken(input);
      setCreated({ name: answer.name, token: answer.token });
      toast.success(t.createdToast);
      onCreated(answer);
    } catch (err) {
      toast.error(texts().toasts.createTitle, errorText(err, texts().apiTokens.createFailed));
    } finally {
      setBusy(false);
    }
  };

  if (created)
    return (
      <Dialog
        open
        title={fill(t.createdTitle, { name: created.name })}
        onClose={onClose}
        footer={
          <button type="button" className="btn" onClick={onClose}>
            {t.done}
          </button>
        }
      >
        <TokenValue value={created.token} />
      </Dialog>
    );

  return (
    <Dialog
      open
      title={t.formTitle}
      onClose={onClose}
      busy={busy}
      size="large"
      footer={
        <FormFooter formId={FORM_ID} busy={busy} cancelLabel={t.cancel} submitLabel={busy ? t.creating : t.submit} onCancel={onClose} />
      }
    >
      <form id={FORM_ID} className="form-grid" onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label={t.name}
          required
          value={name}
          maxLength={100}
          error={errors.name}
          hint={t.nameHint}
          onChange={(e) => {
            setName(e.target.value);
            setErrors((x) => withoutError(x, 'name'));
          }}
        />
        <TextAreaField
          label={t.description}
          value={description}
          maxLength={500}
          rows={2}
          onChange={(e) => setDescription(e.target.value)}
        />
        <SelectField
          label={t.access}
          value={access}
          hint={t.accessHints[access]}
          options={(['read-only', 'full', 'custom'] as const).map((a) => ({ value: a, label: t.accessLabels[a] }))}
          onChange={(e) => setAccess(e.target.value as ApiTokenAccess)}
        />
        {access === 'custom' ? (
          <fieldset className="token-permissions" aria-describedby={errors.permissions ? 'api-token-permissions-error' : undefined}>
            <legend>{t.permissions}</legend>
            {GRANTS.map(({ resource, actions }) => (
              <fieldset key={resource} className="token-permission">
                <legend>{t.resources[resource]}</legend>
                {actions.map((action) => (
                  <label key={action} className="token-check">
                    <input
                      type="checkbox"
                      checked={permissions[resource]?.includes(action) ?? false}
                      onChange={(e) => toggle(resource, action, e.target.checked)}
                    />
                    {t[action]}
                  </label>
                ))}
              </fieldset>
            ))}
            <FieldError id="api-token-permissions-error" error={errors.permissions} />
          </fieldset>
        ) : null}
        <SelectField
          label={t.expiry}
          value={expiry}
          options={[
            ...API_TOKEN_LIFETIMES.map((days) => ({ value: String(days), label: fill(t.expiryDays, { days }) })),
            { value: 'never', label: t.expiryNever },
          ]}
          onChange={(e) => setExpiry(e.target.value as Expiry)}
        />
      </form>
    </Dialog>
  );
}
