// Placeholder, replaced by the real screen.
export default function Page() {
  return <section className="page"><h1>Tableau de bord</h1></section>;
}
