// Builds every outgoing mail (HTML and plain-text parts) with the company header and signature.
// Everything inserted is escaped; subjects and addresses are set by nodemailer, which encodes them.
import type { Company } from '@app/domain/company';
import type { Inquiry, Language } from '@app/domain/inquiries';
import { NEWSLETTER_PAGES } from '@app/domain/newsletter';

export type RenderedMail = { subject: string; text: string; html: string };

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** Paragraphs from plain text: blank lines split paragraphs, single line breaks become <br>. */
const paragraphs = (text: string) =>
  text
    .trim()
    .split(/\r?\n\s*\r?\n/)
    .map((p) => `<p style="margin:0 0 1em">${escapeHtml(p).replace(/\r?\n/g, '<br>')}</p>`)
    .join('\n');

function signatureLines(company: Company, lang: Language, publicUrl: string): string[] {
  const a = company.address;
  return [
    company.name,
    `${a.street}, ${a.postalCode} ${a.city}, ${a.country}`,
    `${lang === 'fr' ? 'Tél.' : 'Phone'} ${company.phone[lang]}`,
    company.email[lang],
    publicUrl,
  ];
}

/** The shared frame: company header, the body, the signature, an optional footer (unsubscribe). */
function frame(
  company: Company,
  lang: Language,
  publicUrl: string,
  body: { html: string; text: string },
  footer?: { html: string; text: string },
) {
  const signature = signatureLines(company, lang, publicUrl);
  const html = `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>
<body style="margin:0;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:6px">
<tr><td style="background:#0b3954;color:#ffffff;padding:20px 24px;font-size:20px;font-weight:bold">${escapeHtml(company.name)}</td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.5">
${body.html}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e4e7eb;font-size:13px;color:#52606d;line-height:1.5">
<strong>${escapeHtml(signature[0]!)}</strong><br>${signature.slice(1).map(escapeHtml).join('<br>')}
</td></tr>
${footer ? `<tr><td style="padding:12px 24px;font-size:12px;color:#7b8794">${footer.html}</td></tr>` : ''}
</table></td></tr></table></body></html>`;
  const text = [
    `${company.name}`,
    '='.repeat(company.name.length),
    '',
    body.text.trim(),
    '',
    '-- ',
    ...signature,
    ...(footer ? ['', footer.text] : []),
  ].join('\n');
  return { html, text };
}

/** An inquiry as the mail code reads it (createdAt as a Date, straight from the database). */
export type InquiryForMail = Omit<Inquiry, 'id' | 'createdAt'> & { createdAt: Date };

/** To the company, when a visitor writes through the contact form. */
export function contactNotification(company: Company, publicUrl: string, inquiry: InquiryForMail): RenderedMail {
  const fr = inquiry.language === 'fr';
  const rows: [string, string][] = [
    [fr ? 'Nom' : 'Name', inquiry.name],
    ['E-mail', inquiry.email],
    ...(inquiry.phone ? [[fr ? 'Téléphone' : 'Phone', inquiry.phone] as [string, string]] : []),
    ...(inquiry.productReference ? [[fr ? 'Produit' : 'Product', inquiry.productReference] as [string, string]] : []),
    [fr ? 'Langue' : 'Language', inquiry.language.toUpperCase()],
  ];
  const intro = fr
    ? 'Nouveau message reçu depuis le formulaire de contact du site :'
    : 'New message received from the website contact form:';
  const admin = `${publicUrl}/admin/messages`;
  const body = {
    html: `<p>${escapeHtml(intro)}</p>
<table role="presentation" cellpadding="4" style="border-collapse:collapse">${rows
      .map(([k, v]) => `<tr><td style="color:#52606d">${escapeHtml(k)}</td><td>${escapeHtml(v)}</td></tr>`)
      .join('')}</table>
<div style="margin:16px 0;padding:12px 16px;background:#f4f5f7;border-left:3px solid #0b3954">${paragraphs(inquiry.message)}</div>
<p><a href="${escapeHtml(admin)}">${fr ? 'Ouvrir les messages' : 'Open the messages'}</a></p>`,
    text: [intro, '', ...rows.map(([k, v]) => `${k}: ${v}`), '', inquiry.message, '', admin].join('\n'),
  };
  return {
    subject: fr ? `Nouveau message de ${inquiry.name}` : `New message from ${inquiry.name}`,
    ...frame(company, inquiry.language, publicUrl, body),
  };
}

/** An administrator's answer to a contact message, quoting the original. */
export function replyMail(company: Company, publicUrl: string, inquiry: InquiryForMail, subject: string, message: string): RenderedMail {
  const fr = inquiry.language === 'fr';
  const when = inquiry.createdAt.toLocaleString(fr ? 'fr-FR' : 'en-GB', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/Paris',
  });
  const quoteTitle = fr ? `Votre message du ${when} :` : `Your message of ${when}:`;
  const body = {
    html: `${paragraphs(message)}
<p style="margin-top:24px;color:#52606d;font-size:13px">${escapeHtml(quoteTitle)}</p>
<blockquote style="margin:0;padding:8px 16px;border-left:3px solid #cbd2d9;color:#52606d;font-size:13px">${paragraphs(inquiry.message)}</blockquote>`,
    text: [
      message.trim(),
      '',
      quoteTitle,
      ...inquiry.message
        .trim()
        .split(/\r?\n/)
        .map((l) => `> ${l}`),
    ].join('\n'),
  };
  return { subject, ...frame(company, inquiry.language, publicUrl, body) };
}

/** Double opt-in: holds no text from the visitor, only our own words and the link. */
export function confirmationMail(
  company: Company,
  publicUrl: string,
  lang: Language,
  confirmUrl: string,
  unsubscribeUrl: string,
): RenderedMail {
  const fr = lang === 'fr';
  const lines = fr
    ? {
        subject: `Confirmez votre inscription à la newsletter ${company.brand}`,
        intro: `Vous (ou quelqu'un utilisant votre adresse) avez demandé à recevoir la newsletter de ${company.name}.`,
        action: 'Confirmer mon inscription',
        ignore: "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : vous ne recevrez rien.",
        stop: 'Ne plus recevoir de messages',
      }
    : {
        subject: `Confirm your subscription to the ${company.brand} newsletter`,
        intro: `You (or someone using your address) asked to receive the ${company.name} newsletter.`,
        action: 'Confirm my subscription',
        ignore: 'If you did not ask for this, ignore this message: you will receive nothing.',
        stop: 'Stop receiving messages',
      };
  const body = {
    html: `<p>${escapeHtml(lines.intro)}</p>
<p style="margin:24px 0"><a href="${escapeHtml(confirmUrl)}" style="background:#0b3954;color:#ffffff;padding:12px 20px;border-radius:4px;text-decoration:none">${escapeHtml(lines.action)}</a></p>
<p style="color:#52606d;font-size:13px">${escapeHtml(lines.ignore)}</p>`,
    text: [lines.intro, '', `${lines.action}: ${confirmUrl}`, '', lines.ignore].join('\n'),
  };
  const footer = {
    html: `<a href="${escapeHtml(unsubscribeUrl)}">${escapeHtml(lines.stop)}</a>`,
    text: `${lines.stop}: ${unsubscribeUrl}`,
  };
  return { subject: lines.subject, ...frame(company, lang, publicUrl, body, footer) };
}

/** One newsletter issue for one subscriber (the content is the administrator's plain text). */
export function newsletterMail(
  company: Company,
  publicUrl: string,
  lang: Language,
  subject: string,
  content: string,
  unsubscribeUrl: string,
): RenderedMail {
  const stop = lang === 'fr' ? 'Se désinscrire de la newsletter' : 'Unsubscribe from the newsletter';
  const footer = { html: `<a href="${escapeHtml(unsubscribeUrl)}">${escapeHtml(stop)}</a>`, text: `${stop}: ${unsubscribeUrl}` };
  return { subject, ...frame(company, lang, publicUrl, { html: paragraphs(content), text: content }, footer) };
}

/**
 * A subscriber's links: the site pages confirm or unsubscribe by POST (link scanners change nothing);
 * the one-click address takes the RFC 8058 POST from mail clients directly.
 */
export function newsletterLinks(publicUrl: string, lang: Language, unsubscribeToken: string, confirmToken?: string) {
  const pages = NEWSLETTER_PAGES[lang];
  const oneClick = `${publicUrl}/api/newsletter/unsubscribe/one-click?token=${encodeURIComponent(unsubscribeToken)}`;
  return {
    confirmUrl: confirmToken ? `${publicUrl}${pages.confirm}?token=${encodeURIComponent(confirmToken)}` : undefined,
    unsubscribeUrl: `${publicUrl}${pages.unsubscribe}?token=${encodeURIComponent(unsubscribeToken)}`,
    headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
