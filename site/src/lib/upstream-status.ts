// The HTTP status of a failed API read, for error texts that show it (public-site section 8,
// "Erreur lors de la récupération des documents: {status}"). apiJson's errors end with it.
export function upstreamStatus(err: unknown): number {
  const code = err instanceof Error ? /: (\d{3})$/.exec(err.message)?.[1] : undefined;
  return code ? Number(code) : 502;
}
