// Requests Node's HTTP parser refuses before any handler runs (headers or URL too large, malformed
// HTTP) still get the one error shape (a problem with its `error`) instead of an empty body.
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { PROBLEM_TYPE, problem } from './errors.ts';

const messages: Record<number, string> = {
  400: 'Requête invalide',
  408: 'Délai de requête dépassé',
  413: 'Requête trop volumineuse',
  431: 'En-têtes de requête trop volumineux',
};

export function answerClientError(err: NodeJS.ErrnoException, socket: Duplex) {
  if (err.code === 'ECONNRESET' || !socket.writable) return socket.destroy();
  const status =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? 431
      : err.code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW'
        ? 413
        : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? 408
          : 400;
  const body = JSON.stringify(problem(status, messages[status]!));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: ${PROBLEM_TYPE}\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\nx-content-type-options: nosniff\r\nconnection: close\r\n\r\n${body}`,
  );
}
