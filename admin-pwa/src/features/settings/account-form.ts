// The SMTP account form's rules (back-office section 5) on top of the domain schema: the password is
// required only for a new account (empty when editing keeps the current one and is not sent), and a
// new account needs a successful connection test first.
import {
  SMTP_PORT_DEFAULT,
  SmtpAccountCreateSchema,
  SmtpTestConfigSchema,
  type SmtpAccount,
  type SmtpAccountCreate,
  type SmtpAccountUpdate,
} from '@app/domain/mail';
import { adminFr } from '@app/domain/i18n/admin-fr';
import { fieldErrors, type FieldErrors } from '../../lib/form-errors.ts';

export type AccountDraft = {
  name: string;
  host: string;
  port: string;
  secure: boolean;
  user: string;
  password: string;
  fromName: string;
  fromEmail: string;
  isActive: boolean;
};
export type AccountField = keyof AccountDraft | 'test';

/** Changing any of these makes an earlier test meaningless. */
export const CONNECTION_FIELDS: readonly (keyof AccountDraft)[] = ['host', 'port', 'secure', 'user', 'password'];

export const emptyDraft = (): AccountDraft => ({
  name: '',
  host: '',
  port: String(SMTP_PORT_DEFAULT),
  secure: false,
  user: '',
  password: '',
  fromName: '',
  fromEmail: '',
  isActive: true,
});

export const draftOf = (a: SmtpAccount): AccountDraft => ({
  name: a.name,
  host: a.host,
  port: String(a.port),
  secure: a.secure,
  user: a.user,
  password: '',
  fromName: a.fromName,
  fromEmail: a.fromEmail,
  isActive: a.isActive,
});

const EditSchema = SmtpAccountCreateSchema.partial({ password: true });

export type AccountValidation =
  | { ok: true; create: SmtpAccountCreate; update?: undefined }
  | { ok: true; update: SmtpAccountUpdate; create?: undefined }
  | { ok: false; errors: FieldErrors<AccountField> };

/** Validates the form for saving; `editing` = an existing account, `tested` = a test succeeded since the last connection change. */
export function validateAccount(draft: AccountDraft, { editing, tested }: { editing: boolean; tested: boolean }): AccountValidation {
  const values = { ...draft, port: draft.port.trim() === '' ? Number.NaN : draft.port };
  if (editing) {
    const { password, ...rest } = values;
    const parsed = EditSchema.safeParse(password ? values : rest);
    if (!parsed.success) return { ok: false, errors: fieldErrors<AccountField>(parsed.error) };
    return { ok: true, update: parsed.data };
  }
  const parsed = SmtpAccountCreateSchema.safeParse(values);
  if (!parsed.success) return { ok: false, errors: fieldErrors<AccountField>(parsed.error) };
  if (!tested) return { ok: false, errors: { test: adminFr.smtpForm.testFirst } };
  return { ok: true, create: parsed.data };
}

/** The fields a connection test needs, with the same messages as the form. */
export function validateTest(draft: AccountDraft) {
  const parsed = SmtpTestConfigSchema.safeParse({
    ...draft,
    port: draft.port.trim() === '' ? Number.NaN : draft.port,
    fromEmail: draft.fromEmail || undefined,
  });
  return parsed.success
    ? ({ ok: true, config: parsed.data } as const)
    : ({ ok: false, errors: fieldErrors<AccountField>(parsed.error) } as const);
}
