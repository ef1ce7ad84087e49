// A screen that could not be shown (most often its code could not be fetched: offline before the
// app had it): says so inside the frame, with a reload and the way back to the dashboard.
import { Link, useRouteError } from 'react-router';
import { useT } from '../lib/i18n.ts';

export function ScreenError() {
  const t = useT().states;
  const error = useRouteError();
  return (
    <section className="page" role="alert" aria-labelledby="screen-error-title">
      <h1 id="screen-error-title">{t.screenFailed}</h1>
      <p>{t.screenFailedHint}</p>
      {error instanceof Error && <p className="muted">{error.message}</p>}
      <div className="actions">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {t.reload}
        </button>
        <Link className="btn" to="/">
          {t.backToDashboard}
        </Link>
      </div>
    </section>
  );
}
