// The Idempotency-Key request header (IETF httpapi draft "The Idempotency-Key HTTP Header Field"):
// one syntax shared by the API, which refuses a malformed key, and the admin, which creates them.
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

export const idempotencyMessages = {
  malformed: `En-tête ${IDEMPOTENCY_HEADER} invalide : 1 à ${IDEMPOTENCY_KEY_MAX_LENGTH} caractères visibles, sans caractère de contrôle`,
  mismatch: `Cette clé ${IDEMPOTENCY_HEADER} a déjà servi pour une autre requête`,
  inProgress: `Une requête avec cette clé ${IDEMPOTENCY_HEADER} est déjà en cours`,
} as const;

/** Non-empty, at most 255 characters, no control character (C0, DEL, C1). */
export function isValidIdempotencyKey(key: string): boolean {
  // eslint-disable-next-line no-control-regex
  return key.length > 0 && key.length <= IDEMPOTENCY_KEY_MAX_LENGTH && !/[\u0000-\u001f\u007f-\u009f]/.test(key);
}
