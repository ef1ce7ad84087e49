// The password policy's messages in the admin's language. The domain checks the rules and answers
// with the spec's French texts (shared with the API); each is shown from the admin's dictionary.
import { missingPasswordRules, passwordMessages, PASSWORD_MAX_LENGTH, type PasswordRule } from '@app/domain/auth';
import type { AdminDictionary } from '@app/domain/i18n/admin-fr';
import { fill } from '../../lib/i18n.ts';

type Texts = AdminDictionary['password'];
const KEYS = Object.keys(passwordMessages) as (keyof typeof passwordMessages)[];

/** A rule's label for the live hints. */
export const ruleLabel = (id: PasswordRule['id'], t: Texts) => t.rules[id];

/** A policy or server message in the admin's language; one it does not know is shown as it came. */
export function passwordText(message: string, newPassword: string, t: Texts): string {
  if (message.startsWith(passwordMessages.mustContain))
    return (
      t.mustContain +
      missingPasswordRules(newPassword)
        .map((r) => ruleLabel(r.id, t))
        .join(', ')
    );
  const key = KEYS.find((k) => passwordMessages[k] === message);
  return key ? fill(t[key], { max: PASSWORD_MAX_LENGTH }) : message;
}
