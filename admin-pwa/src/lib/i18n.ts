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
