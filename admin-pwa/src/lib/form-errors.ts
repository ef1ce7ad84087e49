// Turns a failed zod parse into one message per field (the first one), the shape every form shows.
/** What a zod error carries (typed structurally: the admin does not depend on zod itself). */
type IssueList = { issues: readonly { path: readonly PropertyKey[]; message: string }[] };

export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

export function fieldErrors<K extends string = string>(error: IssueList): FieldErrors<K> {
  const out: FieldErrors<K> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '') as K;
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

/** "Errors clear when the field is edited" (back-office section 5). */
export function withoutError<K extends string>(errors: FieldErrors<K>, key: K): FieldErrors<K> {
  if (!(key in errors)) return errors;
  const next = { ...errors };
  delete next[key];
  return next;
}
