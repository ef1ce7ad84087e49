// Display formats of the back office in its language (French by default, the spec's day, month,
// year, hour, minute), and file sizes.
import { formatFileSize } from '@app/domain/format';
import { adminLang } from './i18n.ts';

const LOCALES = { fr: 'fr-FR', en: 'en-GB' } as const;
const dateTime = {
  fr: new Intl.DateTimeFormat(LOCALES.fr, { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' }),
  en: new Intl.DateTimeFormat(LOCALES.en, { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' }),
};
const timeOnly = {
  fr: new Intl.DateTimeFormat(LOCALES.fr, { hour: '2-digit', minute: '2-digit' }),
  en: new Intl.DateTimeFormat(LOCALES.en, { hour: '2-digit', minute: '2-digit' }),
};

export const formatDateTime = (value: string | number | Date) => dateTime[adminLang.get()].format(new Date(value));
export const formatTime = (value: string | number | Date) => timeOnly[adminLang.get()].format(new Date(value));

/** '726 o', '36,98 ko' in French, '726 B', '36.98 KB' in English, as on the public site (decision 082). */
export const formatSize = (bytes: number): string => formatFileSize(Number.isFinite(bytes) ? bytes : 0, adminLang.get());
