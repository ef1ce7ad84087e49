// Unknown admin path inside the layout: says so and leads back to the dashboard.
import { Link } from 'react-router';
import { useT } from '../lib/i18n.ts';

export function NotFound() {
  const t = useT().states;
  return (
    <section className="page">
      <h1>{t.pageNotFound}</h1>
      <p>
        <Link className="btn btn-primary" to="/">
          {t.backToDashboard}
        </Link>
      </p>
    </section>
  );
}
