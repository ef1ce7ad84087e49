// Forced password change (/admin/change-password): live strength hints from the shared policy,
// the spec's messages checked in order, then /admin after 3 seconds.
import { useEffect, useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { isStrongPassword, passwordChangeError, passwordRules } from '@app/domain/auth';
import { ApiError, tokens } from '../../lib/api.ts';
import { body, client } from '../../lib/client.ts';
import { updateUser, useSession } from '../../lib/session.ts';
import { Spinner } from '../../components/spinner.tsx';
import { useT } from '../../lib/i18n.ts';
import { passwordText, ruleLabel } from './password-text.ts';

export const REDIRECT_AFTER_CHANGE_MS = 3000;

export default function ChangePasswordPage() {
  const s = useSession();
  const navigate = useNavigate();
  const all = useT();
  const t = all.auth;
  const pw = all.password;
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [confirmPassword, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [state, setState] = useState<'idle' | 'submitting' | 'success'>('idle');

  useEffect(() => {
    if (state !== 'success') return;
    const timer = setTimeout(() => navigate('/', { replace: true }), REDIRECT_AFTER_CHANGE_MS);
    return () => clearTimeout(timer);
  }, [state, navigate]);

  if (s.status === 'checking') return <Spinner label={t.checking} />;
  if (s.status === 'signed-out' || s.user.role !== 'admin') return <Navigate to="/login" replace />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = passwordChangeError({ currentPassword, newPassword, confirmPassword });
    setError(problem && passwordText(problem, newPassword, pw));
    if (problem) return;
    setState('submitting');
    try {
      // The change ends every earlier session; the answer carries this one's new tokens.
      const answer = await body(client.auth['change-password'].$post({ json: { currentPassword, newPassword } }));
      tokens.set(answer.accessToken);
      updateUser({ mustChangePassword: false });
      setState('success');
    } catch (err) {
      setError(err instanceof ApiError && err.message ? passwordText(err.message, newPassword, pw) : pw.changeFailed);
      setState('idle');
    }
  };

  const strong = isStrongPassword(newPassword);
  return (
    <main className="auth-page" id="main">
      <form className="auth-card" onSubmit={submit} noValidate aria-labelledby="cp-title">
        <h1 id="cp-title">{t.changeTitle}</h1>
        <p>{t.changeIntro}</p>
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        {state === 'success' ? (
          <p className="form-success" role="status">
            {t.changed}
          </p>
        ) : null}
        <div className="field">
          <label htmlFor="cp-current">{t.current}</label>
          <input
            id="cp-current"
            type="password"
            autoComplete="current-password"
            value={currentPassword}
            onChange={(e) => setCurrent(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="cp-new">{t.new}</label>
          <input
            id="cp-new"
            type="password"
            autoComplete="new-password"
            aria-describedby="cp-hints"
            value={newPassword}
            onChange={(e) => setNew(e.target.value)}
          />
        </div>
        <ul id="cp-hints" className="password-hints" aria-live="polite">
          {passwordRules.map((rule) => {
            const ok = rule.test(newPassword);
            return (
              <li key={rule.id} className={ok ? 'hint-ok' : 'hint-missing'}>
                <span aria-hidden="true">{ok ? '✓' : '○'}</span> {ruleLabel(rule.id, pw)}
                <span className="sr-only">{ok ? t.ruleMet : t.ruleMissing}</span>
              </li>
            );
          })}
          {strong ? <li className="hint-strong">{pw.strong}</li> : null}
        </ul>
        <div className="field">
          <label htmlFor="cp-confirm">{t.confirm}</label>
          <input
            id="cp-confirm"
            type="password"
            autoComplete="new-password"
            value={confirmPassword}
            onChange={(e) => setConfirm(e.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-primary btn-block" disabled={state !== 'idle'}>
          {state === 'submitting' ? t.changing : t.change}
        </button>
      </form>
    </main>
  );
}
