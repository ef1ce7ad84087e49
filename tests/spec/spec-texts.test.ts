// Holds the shared texts to the specification: every entry of the hand-written fixture is either
// compared with the value the product shows, or listed below with the reason it is not. The admin's
// texts are compared with its French dictionary (admin-shown.ts).
import { describe, expect, it } from 'vitest';
import { passwordMessages, passwordRules } from '@app/domain/auth';
import { DOCUMENT_MESSAGES, IMAGE_MESSAGES, TECHNICAL_MESSAGES } from '@app/domain/documents';
import { dictionaries, fill } from '@app/domain/i18n/index';
import { INQUIRY_SENT } from '@app/domain/inquiries';
import { replySubject, USAGE_STATE_LABELS } from '@app/domain/mail';
import { INVALID_EMAIL_MESSAGE } from '@app/domain/newsletter';
import { POWER_LABELS } from '@app/domain/power';
import { CATEGORIES, PRICE_ON_REQUEST } from '@app/domain/products';
import * as spec from '../fixtures/spec-texts.ts';
import { adminShown } from './admin-shown.ts';

const { fr, en } = dictionaries;
const rule = (id: string) => passwordRules.find((r) => r.id === id)?.label;

/** Fixture path → the values the product shows for it (a text may be shown in several places). */
const sharedShown: Record<string, unknown[]> = {
  'publicSite.header.nav.en': [[en.nav.home, en.nav.listings, en.nav.documentation, en.nav.contact]],
  'publicSite.home.pillars.en': [[en.home.pillarMarineTitle, en.home.pillarGeneratorsTitle, en.home.pillarExpertiseTitle]],
  'publicSite.home.offersTitle.en': [en.home.offersTitle],
  'publicSite.home.offersAll.en': [en.home.offersAll],
  'publicSite.home.offersError.en': [en.home.offersError, en.listings.error],
  'publicSite.listings.retry.en': [en.listings.retry],
  'publicSite.product.quote.en': [en.product.quote],
  'publicSite.product.preview.en': [en.product.preview, en.docs.preview],
  'publicSite.product.download.en': [en.product.download, en.docs.download],
  'publicSite.documents.search.en': [en.docs.searchButton, en.listings.searchButton],
  'publicSite.documents.previous.en': [en.docs.previous],
  'publicSite.documents.next.en': [en.docs.next],
  // The spec writes 'Page X of Y'; the dictionary's placeholders stand for X and Y.
  'publicSite.documents.pageOf.en': [fill(en.docs.pageOf, { page: 'X', pages: 'Y' })],
  'publicSite.documents.retry.en': [en.docs.retry],
  'publicSite.listings.emptyTitle.en': [en.listings.emptyTitle],
  'publicSite.listings.emptyText.en': [en.listings.emptyText],
  'publicSite.product.priceOnRequest.fr': [PRICE_ON_REQUEST.fr],
  'publicSite.product.priceOnRequest.en': [PRICE_ON_REQUEST.en],
  'publicSite.product.priceNote.en': [en.product.priceNote],
  'publicSite.product.noDocuments.en': [en.product.noDocuments],
  'publicSite.notFound.title.en': [en.notFound.title],
  'publicSite.documents.empty.en': [en.docs.empty],
  'publicSite.documents.fetchError.fr': [fr.docs.error],
  'publicSite.documents.openError.en': [en.docs.openError, en.product.openError],
  'publicSite.documents.downloadError.en': [en.docs.downloadError, en.product.downloadError],
  'publicSite.contact.error.fr': [fr.contact.error],
  'publicSite.contact.error.en': [en.contact.error],
  'publicSite.contact.sendFallback.fr': [fr.contact.sendFallback],
  'publicSite.contact.success.en': [en.contact.success, INQUIRY_SENT.en],
  'publicSite.newsletter.invalidEmail.fr': [fr.newsletter.invalid, INVALID_EMAIL_MESSAGE],
  'publicSite.newsletter.errorStatus.fr': [fr.newsletter.errorStatus],

  'password.currentRequired.fr': [passwordMessages.currentRequired],
  'password.mismatch.fr': [passwordMessages.mismatch],
  // The spec's '...' stands for the list of missing rules that follows the prefix.
  'password.mustContain.fr': [`${passwordMessages.mustContain.trimEnd()} ...`],
  'password.ruleLength.fr': [rule('length')],
  'password.ruleUppercase.fr': [rule('uppercase')],
  'password.ruleLowercase.fr': [rule('lowercase')],
  'password.ruleDigit.fr': [rule('digit')],
  'password.ruleSpecial.fr': [rule('special')],
  'password.sameAsOld.fr': [passwordMessages.sameAsOld],
  'password.strong.fr': [passwordMessages.strong],
  'password.changeFailed.fr': [passwordMessages.changeFailed],

  'backOffice.listings.categories.fr': [[...CATEGORIES]],
  'backOffice.listingForm.imageType.fr': [IMAGE_MESSAGES.type],
  'backOffice.listingForm.imageSize.fr': [IMAGE_MESSAGES.size],
  'backOffice.listingForm.documentType.fr': [DOCUMENT_MESSAGES.type],
  'backOffice.listingForm.documentSize.fr': [DOCUMENT_MESSAGES.size],
  'backOffice.technicalDocuments.missingFile.fr': [TECHNICAL_MESSAGES.missingFile],
  'backOffice.technicalDocuments.missingTitle.fr': [TECHNICAL_MESSAGES.missingTitle],
  'backOffice.technicalDocuments.size.fr': [TECHNICAL_MESSAGES.size],
  'backOffice.technicalDocuments.type.fr': [TECHNICAL_MESSAGES.type],
  'backOffice.messages.replySubject.fr': [replySubject('{brand}')],
  'backOffice.smtp.configured.fr': [USAGE_STATE_LABELS.configured],
  'backOffice.smtp.incomplete.fr': [USAGE_STATE_LABELS.incomplete],
  'backOffice.smtp.missingRecipient.fr': [USAGE_STATE_LABELS.missing_recipient],

  ...Object.fromEntries(
    Object.entries(POWER_LABELS).flatMap(([unit, labels]) => [
      [`powerUnits.${unit}.fr`, [labels.fr]],
      [`powerUnits.${unit}.en`, [labels.en]],
    ]),
  ),
};

/** Both maps; a path in each is held to the spec in every place. */
const shown: Record<string, unknown[]> = { ...sharedShown };
for (const [path, values] of Object.entries(adminShown)) shown[path] = [...(shown[path] ?? []), ...values];

/** Fixture entries no screen shows, each with the reason. */
const elsewhere: Record<string, string> = {
  'publicSite.product.loadFailed.en': 'never shown: a failed product load shows the not-found page (public-site §2)',
  'publicSite.documents.listError.fr': 'issue #14 asks the library to show the status-bearing text (fetchError) instead',
  'backOffice.generic.network.en':
    "the client's name for an answer that never came (admin-pwa/src/lib/api.ts NetworkError); the screens say what failed instead",
  'backOffice.generic.requestFailed.en': 'the mail screens fall back to the generic error text (back-office §8)',
};

/** Each leaf of the fixture: { path: 'publicSite.home.offersError.en', value }. */
function leaves(node: unknown, path: string[] = []): { path: string; value: unknown }[] {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return [{ path: path.join('.'), value: node }];
  const keys = Object.keys(node);
  const isText = keys.every((k) => k === 'fr' || k === 'en');
  if (isText) return keys.map((k) => ({ path: [...path, k].join('.'), value: (node as Record<string, unknown>)[k] }));
  return keys.flatMap((k) => leaves((node as Record<string, unknown>)[k], [...path, k]));
}

const fixture = leaves({
  publicSite: spec.publicSite,
  session: spec.session,
  password: spec.password,
  backOffice: spec.backOffice,
  powerUnits: spec.powerUnits,
});
const reasonFor = (path: string) =>
  Object.entries(elsewhere).find(([prefix]) => path === prefix || (prefix.endsWith('.') && path.startsWith(prefix)))?.[1];

describe('shared texts follow the specification', () => {
  it.each(fixture.filter((entry) => entry.path in shown))('$path is shown exactly as the spec writes it', ({ path, value }) => {
    for (const actual of shown[path]!) expect(actual).toEqual(value);
  });

  it('every fixture entry is either compared or listed with the reason it is not', () => {
    const unclassified = fixture.filter((e) => !(e.path in shown) && !reasonFor(e.path)).map((e) => e.path);
    expect(unclassified).toEqual([]);
  });

  it('every compared path names a text of the fixture', () => {
    const paths = new Set(fixture.map((e) => e.path));
    expect(Object.keys(shown).filter((p) => !paths.has(p))).toEqual([]);
  });
});
