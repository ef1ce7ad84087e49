// The API's messages in the client's language. The spec's French texts are the messages' ids (as
// gettext's msgids): routes and shared schemas keep answering them verbatim, and the answer is
// translated once, where it leaves the server. French is the default (the spec); English when the
// client's Accept-Language prefers it. Unknown texts stay as they are.
import { authMessages, authRouteMessages, mailMessages, notFoundMessages, requestMessages } from '../api-messages.ts';
import { apiTokenMessages } from '../api-tokens.ts';
import { webhookMessages } from '../webhooks.ts';
import { passwordMessages, passwordRules, PASSWORD_MAX_LENGTH } from '../auth.ts';
import { DOCUMENT_MESSAGES, IMAGE_MESSAGES, TECHNICAL_MESSAGES } from '../documents.ts';
import { idempotencyMessages } from '../idempotency.ts';
import { INQUIRY_ERRORS } from '../inquiry-rules.ts';
import type { Lang } from '../lang.ts';
import { adminEn } from './admin-en.ts';
import { adminFr } from './admin-fr.ts';
import { fill } from './index.ts';
import { apiMessagesEn, schemaMessagesEn } from './messages-en.ts';

type Texts = Readonly<Record<string, string>>;
type Pair = readonly [french: Texts, english: Texts];

// Each pair holds the same keys in both languages; the admin's sections that already translate the
// shared schemas' messages are reused rather than copied.
const { rules: ruleLabels, ...passwordEn } = adminEn.password;
const pairs: Pair[] = [
  [authMessages, apiMessagesEn.auth],
  [authRouteMessages, apiMessagesEn.authRoute],
  [requestMessages, apiMessagesEn.request],
  [notFoundMessages, apiMessagesEn.notFound],
  [mailMessages, apiMessagesEn.mail],
  [idempotencyMessages, apiMessagesEn.idempotency],
  [IMAGE_MESSAGES, apiMessagesEn.image],
  [DOCUMENT_MESSAGES, apiMessagesEn.document],
  [TECHNICAL_MESSAGES, apiMessagesEn.technical],
  [apiTokenMessages, apiMessagesEn.apiToken],
  [webhookMessages, apiMessagesEn.webhook],
  [passwordMessages, { ...passwordEn, tooLong: fill(passwordEn.tooLong, { max: PASSWORD_MAX_LENGTH }) }],
  [Object.fromEntries(passwordRules.map((r) => [r.id, r.label])), ruleLabels],
  [INQUIRY_ERRORS.fr, INQUIRY_ERRORS.en],
  [adminFr.formMessages, adminEn.formMessages],
  [adminFr.smtpForm, adminEn.smtpForm],
];

const english = new Map<string, string>(Object.entries(schemaMessagesEn));
for (const [fr, en] of pairs) for (const key of Object.keys(fr)) if (en[key]) english.set(fr[key]!, en[key]);

// Texts with {placeholders}, matched by their fixed parts; the values are translated in turn (a
// mail failure's reason is itself a message).
const templates = [...english]
  .filter(([fr]) => /\{\w+\}/.test(fr))
  .map(([fr, en]) => {
    const names = [...fr.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    const source = fr
      .split(/\{\w+\}/)
      .map((part) => part.replace(/[.*+?^$()[\]\\|{}]/g, '\\$&'))
      .join('(.+?)');
    return { pattern: new RegExp(`^${source}$`, 's'), names, en };
  });

/** Longer than any message the API makes: such a text is not one of its messages, and meets no pattern. */
const LONGEST_MESSAGE = 2000;

function toEnglish(text: string): string {
  const known = english.get(text);
  if (known !== undefined || text.length > LONGEST_MESSAGE) return known ?? text;
  // 'Le mot de passe doit contenir: Au moins une majuscule, Au moins un chiffre' lists rule labels.
  if (text.startsWith(passwordMessages.mustContain))
    return passwordEn.mustContain + text.slice(passwordMessages.mustContain.length).split(', ').map(toEnglish).join(', ');
  for (const { pattern, names, en } of templates) {
    const match = pattern.exec(text);
    if (match) return fill(en, Object.fromEntries(names.map((name, i) => [name, toEnglish(match[i + 1]!)])));
  }
  return text;
}

/** One of the API's French messages in a language; a text it does not know is returned as it is. */
export const localizeMessage = (text: string, lang: Lang): string => (lang === 'fr' ? text : toEnglish(text));

/**
 * The language an Accept-Language header prefers among French and English: the supported one with
 * the highest weight (the first listed on a tie), French when it names neither.
 */
export function preferredLang(header: string | undefined | null): Lang {
  let best: { lang: Lang; q: number } | null = null;
  for (const part of (header ?? '').split(',')) {
    const [range = '', ...params] = part.trim().toLowerCase().split(';');
    const primary = range.trim().split('-')[0];
    if (primary !== 'fr' && primary !== 'en') continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!(q > 0)) continue;
    if (!best || q > best.q) best = { lang: primary, q };
  }
  return best?.lang ?? 'fr';
}
