// The HTTP status of a failed catalogue read, for error texts that show it (public-site section 8,
// "Erreur lors de la récupération des documents: {status}"). A read over HTTP (apiJson, under
// `astro dev`) ends its error with the API's status; an in-process read that throws is the
// server's own failure, a 500.
export function upstreamStatus(err: unknown): number {
  const code = err instanceof Error ? /: (\d{3})$/.exec(err.message)?.[1] : undefined;
  return code ? Number(code) : 500;
}
