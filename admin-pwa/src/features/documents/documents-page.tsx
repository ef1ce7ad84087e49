// Placeholder until the documents screen lands (owned by the second admin engineer): replace this file.
export default function Page() {
  return (
    <section className="page">
      <h1>Documents Techniques</h1>
      <p>Écran en cours de réalisation.</p>
    </section>
  );
}
