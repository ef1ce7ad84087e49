// Unknown admin path inside the layout.
import { Link } from 'react-router';

export function NotFound() {
  return (
    <section className="page">
      <h1>Page introuvable</h1>
      <p>
        <Link to="/">Retour au tableau de bord</Link>
      </p>
    </section>
  );
}
