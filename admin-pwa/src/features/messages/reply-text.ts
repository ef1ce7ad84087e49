// The texts a reply starts from: the prefilled subject and greeting + signature body of the reply
// modal, and the mail-client link ('Répondre par email') quoting the message.
import { demoCompany } from '@app/domain/company';
import type { Inquiry } from '@app/domain/inquiries';
import { replySubject } from '@app/domain/mail';

/** Until GET /api/company has answered once (kept in the read model for offline use). */
export const BRAND = demoCompany.brand;

export const defaultSubject = (brand = BRAND) => replySubject(brand);

export function defaultReplyBody(inquiry: Pick<Inquiry, 'name' | 'language'>, brand = BRAND): string {
  return inquiry.language === 'en'
    ? `Hello ${inquiry.name},\n\nThank you for your message.\n\n\n\nBest regards,\nThe ${brand} team`
    : `Bonjour ${inquiry.name},\n\nNous vous remercions pour votre message.\n\n\n\nCordialement,\nL'équipe ${brand}`;
}

const quote = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n');

/** mailto: with the prefilled subject and a body quoting the original message. */
export function mailtoHref(inquiry: Pick<Inquiry, 'name' | 'email' | 'message' | 'language' | 'createdAt'>, brand = BRAND): string {
  const date = new Date(inquiry.createdAt).toLocaleString(inquiry.language === 'en' ? 'en-GB' : 'fr-FR');
  const intro = inquiry.language === 'en' ? `On ${date}, ${inquiry.name} wrote:` : `Le ${date}, ${inquiry.name} a écrit :`;
  const body = `${defaultReplyBody(inquiry, brand)}\n\n${intro}\n${quote(inquiry.message)}`;
  return `mailto:${encodeURIComponent(inquiry.email).replace(/%40/g, '@')}?subject=${encodeURIComponent(replySubject(brand))}&body=${encodeURIComponent(body)}`;
}

/** tel: link for the 'Appeler' action: digits and a leading + only. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
