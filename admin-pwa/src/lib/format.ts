// Display formats of the back office in its language (French by default, the spec's day, month,
// year, hour, minute), and file sizes.
import { adminLang } from './i18n.ts';

const LOCALES = { fr: 'fr-FR', en: 'en-GB' } as const;
const dateTime = { fr: new Intl.DateTimeFormat(LOCALES.fr, { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' }), en: new Intl.DateTimeFormat(LOCALES.en, { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' }) };
const timeOnly = { fr: new Intl.DateTimeFormat(LOCALES.fr, { hour: '2-digit', minute: '2-digit' }), en: new Intl.DateTimeFormat(LOCALES.en, { hour: '2-digit', minute: '2-digit' }) };

export const formatDateTime = (value: string | number | Date) => dateTime[adminLang.get()].format(new Date(value));
export const formatTime = (value: string | number | Date) => timeOnly[adminLang.get()].format(new Date(value));

/** 'Bytes', 'KB', 'MB', 'GB' as the spec names them. */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const units = ['Bytes', 'KB', 'MB', 'GB'];
  const i = Math.min(units.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  const value = bytes / 1024 ** i;
  return `${i === 0 ? value : value.toFixed(value < 10 ? 1 : 0).replace('.', ',')} ${units[i]}`;
}
