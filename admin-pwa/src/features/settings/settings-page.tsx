// Placeholder until the settings screen lands (owned by the second admin engineer): replace this file.
export default function Page() {
  return (
    <section className="page">
      <h1>Paramètres SMTP</h1>
      <p>Écran en cours de réalisation.</p>
    </section>
  );
}
