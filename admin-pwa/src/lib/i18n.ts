// The admin's interface language: French by default (the spec), English on request, remembered on
// this device and applied to <html lang>. Texts come from the domain's admin dictionaries.
import { adminEn } from '@app/domain/i18n/admin-en';
import { adminFr, type AdminDictionary } from '@app/domain/i18n/admin-fr';
import { countLabel, fill } from '@app/domain/i18n/index';
import { LANGS, type Lang } from '@app/domain/lang';
import { readPreference, writePreference } from './preference.ts';
import { createStore, useStore } from './store.ts';

const KEY = 'admin-lang';
const dictionaries: Record<Lang, AdminDictionary> = { fr: adminFr, en: adminEn };

export const adminLang = createStore<Lang>(readPreference<Lang>(KEY, LANGS, 'fr'));

export function applyLang(lang: Lang = adminLang.get()) {
  document.documentElement.lang = lang;
}

export function setAdminLang(lang: Lang) {
  adminLang.set(lang);
  writePreference(KEY, lang);
  applyLang(lang);
}

/** The texts of the admin's current language; re-renders when it changes. */
export const useT = (): AdminDictionary => dictionaries[useStore(adminLang)];
export const useAdminLang = () => useStore(adminLang);
export { countLabel, fill };

/** The current language's texts outside React (toasts from actions, the API client, the outbox). */
export const texts = (): AdminDictionary => dictionaries[adminLang.get()];

type TextSection = { [K in keyof AdminDictionary]: AdminDictionary[K] extends Record<string, string> ? K : never }[keyof AdminDictionary];

/**
 * A message of the domain's schemas (the spec's French, shared with the API) in the admin's
 * language: found by its French text in a section of the French dictionary; one the section does
 * not hold (a server's own message) is shown as it came.
 */
export function localized(section: TextSection, text: string, lang: Lang = adminLang.get()): string {
  const french = adminFr[section] as Record<string, string>;
  const key = Object.keys(french).find((k) => french[k] === text);
  return key ? (dictionaries[lang][section] as Record<string, string>)[key]! : text;
}

/** Every message of a form's errors, localized. */
export const localizedErrors = <K extends string>(section: TextSection, errors: Partial<Record<K, string>>): Partial<Record<K, string>> =>
  Object.fromEntries(Object.entries(errors).map(([field, text]) => [field, text && localized(section, text as string)])) as Partial<Record<K, string>>;
