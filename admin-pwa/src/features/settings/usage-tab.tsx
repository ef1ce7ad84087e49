// 'Assignations d'usage': one card per usage type with its account, its recipient (contact forms) and
// its state ('Configuré', 'Configuration incomplète', '… Veuillez saisir un email de réception').
import { useEffect, useState } from 'react';
import { USAGE_LABELS, USAGE_TYPES, isSimpleEmail, type SmtpAccount, type SmtpSetting, type UsageType } from '@app/domain/mail';
import { SelectField, TextField } from '../../components/field.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { errorText } from '../../lib/api.ts';
import { activeAccounts, truncateName } from '../../lib/smtp-accounts.ts';
import { fill, texts, useT } from '../../lib/i18n.ts';
import { toast } from '../../lib/toast.ts';
import { clearSetting, saveSetting } from './api.ts';
import { draftState, onAccountChosen, onRecipientBlur, type UsageAction } from './usage-rules.ts';

const STATE_TONE = { configured: 'success', incomplete: 'warning', missing_recipient: 'warning' } as const;

async function apply(usageType: UsageType, action: UsageAction) {
  if (!action) return;
  const all = texts();
  try {
    if ('clear' in action) await clearSetting(usageType);
    else await saveSetting(usageType, action.save);
    toast.success(all.usages.updated);
  } catch (e) {
    toast.error(all.toasts.updateTitle, errorText(e, all.usages.updateFailed));
  }
}

function UsageCard({ usageType, setting, accounts }: { usageType: UsageType; setting?: SmtpSetting; accounts: readonly SmtpAccount[] }) {
  const info = USAGE_LABELS[usageType];
  const t = useT().usages;
  const [accountId, setAccountId] = useState<number | null>(setting?.smtpAccountId ?? null);
  const [recipient, setRecipient] = useState(setting?.recipientEmail ?? '');
  const [recipientError, setRecipientError] = useState<string | null>(null);
  // A refresh from the server (or another tab) replaces what is shown.
  useEffect(() => {
    setAccountId(setting?.smtpAccountId ?? null);
    setRecipient(setting?.recipientEmail ?? '');
  }, [setting?.smtpAccountId, setting?.recipientEmail]);

  const active = activeAccounts(accounts);
  const assigned = accounts.find((a) => a.id === accountId);
  const options = [
    { value: '', label: t.none },
    ...active.map((a) => ({ value: String(a.id), label: truncateName(a.name) })),
    ...(assigned && !assigned.isActive
      ? [{ value: String(assigned.id), label: fill(t.disabled, { name: truncateName(assigned.name) }) }]
      : []),
  ];
  const state = draftState(usageType, accountId, recipient);
  const titleId = `usage-${usageType}`;

  return (
    <article className="card usage-card" aria-labelledby={titleId} data-usage={usageType}>
      <header className="usage-head">
        <h3 id={titleId}>{t.labels[usageType]}</h3>
        <StatusBadge tone={STATE_TONE[state]}>{t.states[state]}</StatusBadge>
      </header>
      <p className="muted">{t.descriptions[usageType]}</p>
      <SelectField
        label={t.account}
        value={accountId === null ? '' : String(accountId)}
        options={options}
        hint={accountId === null && active[0] ? fill(t.fallback, { name: active[0].name }) : undefined}
        onChange={(e) => {
          const id = e.target.value ? Number(e.target.value) : null;
          setAccountId(id);
          void apply(usageType, onAccountChosen(usageType, id, recipient, Boolean(setting)));
        }}
      />
      {info.needsRecipient ? (
        <TextField
          label={t.recipient}
          type="email"
          placeholder="contact@example.com"
          value={recipient}
          error={recipientError}
          onChange={(e) => {
            setRecipient(e.target.value);
            setRecipientError(null);
          }}
          onBlur={() => {
            const email = recipient.trim();
            if (email && !isSimpleEmail(email)) {
              setRecipientError(t.emailInvalid);
              return;
            }
            if (email === (setting?.recipientEmail ?? '') && accountId === (setting?.smtpAccountId ?? null)) return;
            void apply(usageType, onRecipientBlur(usageType, accountId, recipient));
          }}
        />
      ) : null}
    </article>
  );
}

export function UsageTab({ settings, accounts }: { settings: readonly SmtpSetting[]; accounts: readonly SmtpAccount[] }) {
  return (
    <div className="card-grid usage-grid">
      {USAGE_TYPES.map((u) => (
        <UsageCard key={u} usageType={u} setting={settings.find((s) => s.usageType === u)} accounts={accounts} />
      ))}
    </div>
  );
}
