// Skeleton shell; the admin work replaces it with the router, providers and layout.
export function App() {
  return (
    <main>
      <h1>Administration</h1>
    </main>
  );
}
