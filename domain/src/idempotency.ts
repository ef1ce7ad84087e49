// The Idempotency-Key request header (IETF httpapi draft "The Idempotency-Key HTTP Header Field"):
// one syntax shared by the API, which refuses a malformed key, and the admin, which creates them.
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export const idempotencyMessages = {
  malformed: `En-tête ${IDEMPOTENCY_HEADER} invalide : un UUID est attendu, éventuellement suivi de « :étape »`,
  mismatch: `Cette clé ${IDEMPOTENCY_HEADER} a déjà servi pour une autre requête`,
  inProgress: `Une requête avec cette clé ${IDEMPOTENCY_HEADER} est déjà en cours`,
} as const;

/**
 * A UUID (RFC 9562 text form, any version, either case), what `crypto.randomUUID()` makes, optionally
 * followed by ':' and a step name of visible ASCII (the admin's outbox sends `${key}:${step}`). The
 * document says `format: uuid` (and describes the suffix), so a client generating requests from it draws
 * a fresh key per request instead of copying one value: unrelated writes never share a key (decision 122).
 */
export const IDEMPOTENCY_KEY_SOURCE = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}(:[!-~]{1,200})?$';
export const IDEMPOTENCY_KEY_PATTERN = new RegExp(IDEMPOTENCY_KEY_SOURCE);

export function isValidIdempotencyKey(key: string): boolean {
  return IDEMPOTENCY_KEY_PATTERN.test(key);
}
