// The value of a new or regenerated API token, shown this once: a read-only field to select, a copy
// button that says when it copied, and the warning that it will not be shown again.
import { useState } from 'react';
import { Dialog } from '../../components/dialog.tsx';
import { Icon } from '../../components/icons.tsx';
import { useT } from '../../lib/i18n.ts';
import { toast } from '../../lib/toast.ts';

export function TokenValue({ value }: { value: string }) {
  const t = useT().apiTokens;
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
        <Icon name="warning" /> {t.warning}
      </p>
      <div className="field">
        <label htmlFor="api-token-value">{t.value}</label>
        <div className="token-value-row">
          <input id="api-token-value" className="token-value-input" readOnly value={value} onFocus={(e) => e.target.select()} />
          <button type="button" className="btn btn-primary" onClick={() => void copy()} data-autofocus>
            {copied ? t.copied : t.copy}
          </button>
        </div>
      </div>
      <p className="token-copied" role="status">
        {copied ? (
          <>
            <Icon name="success" /> {t.copiedStatus}
          </>
        ) : null}
      </p>
    </div>
  );
}

/** A token's new value after a regeneration, in its own dialog. */
export function TokenValueDialog({ title, value, onClose }: { title: string; value: string; onClose: () => void }) {
  const t = useT().apiTokens;
  return (
    <Dialog
      open
      title={title}
      onClose={onClose}
      footer={
        <button type="button" className="btn" onClick={onClose}>
          {t.done}
        </button>
      }
    >
      <TokenValue value={value} />
    </Dialog>
  );
}
