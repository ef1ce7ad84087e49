// A secret shown this once (a new or regenerated API token's value, a new webhook's signing secret): a
// read-only field to select, a copy button that says when it copied, and the warning that it will not
// be shown again.
import { useId, useState } from 'react';
import { Dialog } from '../../components/dialog.tsx';
import { Icon } from '../../components/icons.tsx';
import { useT } from '../../lib/i18n.ts';
import { toast } from '../../lib/toast.ts';

/** What names the secret; an API token's texts by default. */
export type SecretTexts = { label: string; warning: string; copiedStatus: string; done: string };

export function TokenValue({ value, texts }: { value: string; texts?: SecretTexts }) {
  const t = useT().apiTokens;
  const shown = texts ?? { label: t.value, warning: t.warning, copiedStatus: t.copiedStatus, done: t.done };
  const id = useId();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      toast.error(t.copyFailed);
    }
  };
  return (
    <div className="token-value">
      <p className="token-warning" role="note">
        <Icon name="warning" /> {shown.warning}
      </p>
      <div className="field">
        <label htmlFor={id}>{shown.label}</label>
        <div className="token-value-row">
          <input id={id} className="token-value-input" readOnly value={value} onFocus={(e) => e.target.select()} />
          <button type="button" className="btn btn-primary" onClick={() => void copy()} data-autofocus>
            {copied ? t.copied : t.copy}
          </button>
        </div>
      </div>
      <p className="token-copied" role="status">
        {copied ? (
          <>
            <Icon name="success" /> {shown.copiedStatus}
          </>
        ) : null}
      </p>
    </div>
  );
}

/** A secret in its own dialog: a token's new value after a regeneration, a new webhook's secret. */
export function TokenValueDialog({
  title,
  value,
  texts,
  onClose,
}: {
  title: string;
  value: string;
  texts?: SecretTexts;
  onClose: () => void;
}) {
  const t = useT().apiTokens;
  return (
    <Dialog
      open
      title={title}
      onClose={onClose}
      footer={
        <button type="button" className="btn" onClick={onClose}>
          {texts?.done ?? t.done}
        </button>
      }
    >
      <TokenValue value={value} texts={texts} />
    </Dialog>
  );
}
