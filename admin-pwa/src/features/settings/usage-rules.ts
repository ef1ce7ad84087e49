// When a usage assignment is saved (back-office section 4): the newsletter saves as soon as an account
// is chosen; a contact form once it has an account AND a valid recipient — on choosing the account if a
// recipient is already there, or when the recipient field loses focus with a valid address.
import { USAGE_LABELS, isSimpleEmail, usageState, type SmtpSettingInput, type SmtpSettingState, type UsageType } from '@app/domain/mail';

export type UsageAction = { save: SmtpSettingInput } | { clear: true } | null;

export function onAccountChosen(usageType: UsageType, accountId: number | null, recipient: string, hadSetting: boolean): UsageAction {
  if (accountId === null) return hadSetting ? { clear: true } : null;
  // The newsletter has no recipient: nothing is stored in its place (decision 062).
  if (!USAGE_LABELS[usageType].needsRecipient) return { save: { smtpAccountId: accountId, recipientEmail: null } };
  const email = recipient.trim();
  return isSimpleEmail(email) ? { save: { smtpAccountId: accountId, recipientEmail: email } } : null;
}

export function onRecipientBlur(usageType: UsageType, accountId: number | null, recipient: string): UsageAction {
  const email = recipient.trim();
  if (!USAGE_LABELS[usageType].needsRecipient || accountId === null || !isSimpleEmail(email)) return null;
  return { save: { smtpAccountId: accountId, recipientEmail: email } };
}

/** The card's state from what is on screen: a recipient counts once it has a valid format. */
export function draftState(usageType: UsageType, accountId: number | null, recipient: string): SmtpSettingState {
  const email = recipient.trim();
  return usageState(usageType, accountId, isSimpleEmail(email) ? email : null);
}
