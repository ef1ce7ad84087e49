// What a service answers when it will not do what it was asked: a domain outcome, not an HTTP status.
// Services throw it (a transaction it leaves rolls back); the API's error handler (http/errors.ts) maps
// each kind to its status and problem body, in one place.
export type FieldError = { field: string; message: string };

/**
 * invalid: the input breaks a rule (400); not-found: what it names does not exist (404); conflict: the
 * stored state moved on (409); unusable: well-formed but cannot be used, e.g. an unreadable picture (422).
 */
export type RefusalKind = 'invalid' | 'not-found' | 'conflict' | 'unusable';

export class Refusal extends Error {
  readonly kind: RefusalKind;
  /** Every bad field, for an invalid input. */
  readonly errors?: FieldError[];
  /** `message` is the text a user reads (the spec's French; the handler translates it). */
  constructor(kind: RefusalKind, message: string, errors?: FieldError[]) {
    super(message);
    this.name = 'Refusal';
    this.kind = kind;
    this.errors = errors;
  }
}
