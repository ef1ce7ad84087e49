// The domain's validation messages in the admin's language, for the forms that check before sending.
// Apart from i18n.ts: the lookup holds every API message, which the first screen does not need.
import { localizeMessage } from '@app/domain/i18n/messages';
import type { Lang } from '@app/domain/lang';
import { adminLang } from './i18n.ts';

/**
 * A message of the domain's schemas, checked here before sending (the spec's French, shared with the
 * API), in the admin's language: the same lookup the API uses for its answers (decision 092).
 */
export const localized = (text: string, lang: Lang = adminLang.get()): string => localizeMessage(text, lang);

/** Every message of a form's errors, localized. */
export const localizedErrors = <K extends string>(errors: Partial<Record<K, string>>): Partial<Record<K, string>> =>
  Object.fromEntries(Object.entries(errors).map(([field, text]) => [field, text && localized(text as string)])) as Partial<
    Record<K, string>
  >;
