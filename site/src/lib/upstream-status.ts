// The HTTP status of a failed catalogue read and its reason phrase, for the error text that shows
// it (public-site section 8, "Erreur lors de la récupération des documents: {status text}"). A read
// over HTTP (apiJson, under `astro dev`) ends its error with the API's status; an in-process read
// that throws is the server's own failure, a 500.
export function upstreamStatus(err: unknown): number {
  const code = err instanceof Error ? /: (\d{3})$/.exec(err.message)?.[1] : undefined;
  return code ? Number(code) : 500;
}

// The phrase comes from the code when the answer gave none: an HTTP/2 answer carries no reason
// phrase, and a failure on the server side has only its code (RFC 9110 section 15).
const PHRASES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export const statusText = (status: number, given = ''): string => given || PHRASES[status] || `HTTP ${status}`;
