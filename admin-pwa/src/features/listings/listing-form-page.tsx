// Placeholder, replaced by the real screen.
export default function Page() {
  return <section className="page"><h1>Annonces</h1></section>;
}
