// Sign-in (/admin/login): e-mail and password with show/hide; 'Connexion...' while submitting;
// then the forced password change or the dashboard.
import { useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { ApiError, isNetworkError } from '../../lib/api.ts';
import { signIn, useSession } from '../../lib/session.ts';
import { Icon } from '../../components/icons.tsx';
import { useT } from '../../lib/i18n.ts';

export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const s = useSession();
  const t = useT().auth;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [visible, setVisible] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
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
      setError(err instanceof ApiError ? err.message : isNetworkError(err) ? t.unreachable : t.loginFailed);
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
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="field">
          <label htmlFor="login-email">{t.email}</label>
          <input id="login-email" type="email" name="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
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
            <button type="button" className="icon-btn" onClick={() => setVisible((v) => !v)} aria-label={visible ? t.hidePassword : t.showPassword} aria-pressed={visible}>
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
