// Route guard (public-site section 2): 'Vérification des permissions...' while the session is
// restored, sign-in page when unauthenticated, the public home page for a non-admin, and the
// forced password change before anything else.
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useT } from '../lib/i18n.ts';
import { useSession } from '../lib/session.ts';
import { Spinner } from '../components/spinner.tsx';

/** Leaves the admin app for the public site (outside the /admin basename). */
function GoHome() {
  window.location.assign('/');
  return null;
}

export function RequireAdmin({ children }: { children: ReactNode }) {
  const s = useSession();
  const location = useLocation();
  const t = useT().auth;
  if (s.status === 'checking')
    return (
      <div className="guard-checking">
        <Spinner label={t.checking} />
      </div>
    );
  if (s.status === 'signed-out') return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (s.user.role !== 'admin') return <GoHome />;
  if (s.user.mustChangePassword) return <Navigate to="/change-password" replace />;
  return <>{children}</>;
}
