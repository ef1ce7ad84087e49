// Sign-in (/admin/login): e-mail and password with show/hide; 'Connexion...' while submitting;
// then the forced password change or the dashboard.
import { useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import type { AdminDictionary } from '@app/domain/i18n/admin-fr';
import { ApiError, errorText, isNetworkError } from '../../lib/api.ts';
import { signIn, useSession } from '../../lib/session.ts';
import { Icon } from '../../components/icons.tsx';
import { fill, useT } from '../../lib/i18n.ts';

type LoginError = { text: string; detail?: string };

/**
 * The server's message when it gave one; otherwise the spec's 'Erreur de connexion' (public-site
 * section 8), with what is known beside it: no answer at all, or the status (decision 111).
 */
export function loginError(err: unknown, t: AdminDictionary['auth'], errorStatus: string): LoginError {
  const text = errorText(err, t.loginFailed);
  if (text !== t.loginFailed) return { text };
  if (isNetworkError(err)) return { text, detail: t.unreachable };
  if (err instanceof ApiError) return { text, detail: fill(errorStatus, { status: err.status }) };
  return { text };
}

export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const s = useSession();
  const all = useT();
  const t = all.auth;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [visible, setVisible] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<LoginError | null>(null);
  const reason = s.status === 'signed-out' ? s.reason : undefined;

  if (s.status === 'signed-in' && !submitting) return <Navigate to={s.user.mustChangePassword ? '/change-password' : '/'} replace />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setSubmitting(true);
    try {
      const user = await signIn(email, password);
      const from = (location.state as { from?: string } | null)?.from;
      navigate(user.mustChangePassword ? '/change-password' : from && from !== '/login' ? from : '/', { replace: true });
    } catch (err) {
      setError(loginError(err, t, all.common.errorStatus));
      setSubmitting(false);
    }
  };

  return (
    <main className="auth-page" id="main">
      <form className="auth-card" onSubmit={submit} noValidate aria-labelledby="login-title">
        <h1 id="login-title">{t.loginTitle}</h1>
        {reason && !error ? (
          <p className="form-error" role="alert">
            {reason}
          </p>
        ) : null}
        {error ? (
          <div className="form-error" role="alert">
            <p>{error.text}</p>
            {error.detail ? <p>{error.detail}</p> : null}
          </div>
        ) : null}
        <div className="field">
          <label htmlFor="login-email">{t.email}</label>
          <input
            id="login-email"
            type="email"
            name="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="login-password">{t.password}</label>
          <div className="password-input">
            <input
              id="login-password"
              type={visible ? 'text' : 'password'}
              name="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <button
              type="button"
              className="icon-btn"
              onClick={() => setVisible((v) => !v)}
              aria-label={visible ? t.hidePassword : t.showPassword}
              aria-pressed={visible}
            >
              <Icon name={visible ? 'eyeOff' : 'eye'} />
            </button>
          </div>
        </div>
        <button type="submit" className="btn btn-primary btn-block" disabled={submitting}>
          {submitting ? t.signingIn : t.signIn}
        </button>
      </form>
    </main>
  );
}
