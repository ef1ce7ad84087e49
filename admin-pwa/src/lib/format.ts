// French display formats of the back office: dates (day, month, year, hour, minute), file sizes.
import { formatFileSize } from '@app/domain/format';
const dateTime = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const timeOnly = new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit' });

export const formatDateTime = (value: string | number | Date) => dateTime.format(new Date(value));
export const formatTime = (value: string | number | Date) => timeOnly.format(new Date(value));

/** '726 o', '36,98 ko', '1,5 Mo': the French units, as on the public site (decision 076). */
export const formatSize = (bytes: number): string => formatFileSize(Number.isFinite(bytes) ? bytes : 0, 'fr');
