// Unknown admin path inside the layout.
import { Link } from 'react-router';
import { useT } from '../lib/i18n.ts';

export function NotFound() {
  const t = useT().app;
  return (
    <section className="page">
      <h1>{t.notFound}</h1>
      <p>
        <Link to="/">{t.backToDashboard}</Link>
      </p>
    </section>
  );
}
