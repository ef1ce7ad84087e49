// English of the API's messages (api-messages.ts), typed by the French groups: a missing text is a
// type error. Messages of the shared schemas that the admin's dictionary does not already hold are
// listed below by their French text (see i18n/messages.ts for how both are found).
import type { authMessages, authRouteMessages, mailMessages, notFoundMessages, requestMessages } from '../api-messages.ts';
import type { apiTokenMessages } from '../api-tokens.ts';
import type { webhookMessages } from '../webhooks.ts';
import type { DOCUMENT_MESSAGES, IMAGE_MESSAGES, TECHNICAL_MESSAGES } from '../documents.ts';
import type { idempotencyMessages } from '../idempotency.ts';
import { INVALID_EMAIL_MESSAGE, SEND_MESSAGE } from '../newsletter.ts';
import { PATCH_NOTHING_MESSAGE, STALE_VERSION_MESSAGE } from '../products.ts';
import type { Widen } from './widen.ts';

type Groups = {
  auth: typeof authMessages;
  authRoute: typeof authRouteMessages;
  request: typeof requestMessages;
  notFound: typeof notFoundMessages;
  mail: typeof mailMessages;
  idempotency: typeof idempotencyMessages;
  image: typeof IMAGE_MESSAGES;
  document: typeof DOCUMENT_MESSAGES;
  technical: typeof TECHNICAL_MESSAGES;
  apiToken: typeof apiTokenMessages;
  webhook: typeof webhookMessages;
};

export const apiMessagesEn: Widen<Groups> = {
  auth: {
    noToken: 'Not signed in',
    expired: 'Session expired',
    notAdmin: 'Administrators only',
    mustChangePassword: 'You must change your password before going on',
    crossSite: 'Cross-site request refused',
  },
  authRoute: {
    loginFailed: 'Incorrect e-mail or password',
    tooManyAttempts: 'Too many sign-in attempts. Please try again later.',
    noRefreshToken: 'No refresh token available',
    refreshFailed: 'The session could not be renewed',
    extendFailed: 'The session could not be extended',
  },
  request: {
    required: 'Required field',
    invalid: 'Invalid value',
    request: 'Invalid request',
    json: 'Invalid JSON',
    textTooLong: '{name}: {max} characters at most per text',
    tooManyTexts: '{name}: {max} texts at most, one per file',
    boolean: 'A boolean was expected',
    tooLarge: 'Request too large',
    fileTooLarge: 'File too large',
    messageTooLong: 'Message too long',
    tooManyRequests: 'Too many requests. Please try again later.',
    multipartExpected: 'A multipart request was expected',
    multipartInvalid: 'Invalid multipart request',
    multipartInterrupted: 'Invalid multipart request or interrupted upload',
    altTooLong: '300 characters at most',
    notFound: 'Resource not found',
    methodNotAllowed: 'Method not allowed for this resource',
    internal: 'Internal server error',
  },
  notFound: {
    product: 'Listing not found',
    image: 'Image not found',
    document: 'Document not found',
    file: 'File not found',
    smtpAccount: 'SMTP account not found',
    smtpSetting: 'No setting for this usage',
    inquiry: 'Message not found',
    response: 'Reply not found',
    subscriber: 'Subscriber not found',
    sending: 'Sending not found',
  },
  mail: {
    noActiveAccount: 'No active SMTP account',
    accountDisabled: 'This SMTP account is disabled',
    noActiveSubscriber: 'No active subscriber',
    linkInvalid: 'Invalid or expired link',
    tooManyTests: 'Too many connection tests. Please wait a minute.',
    sendFailed: 'Sending failed: {reason}',
    testPassed: 'The SMTP server is configured correctly',
    authRefused: 'The SMTP server refused the credentials',
    recipientRefused: 'The SMTP server refused the recipient address',
    messageRefused: 'The SMTP server refused the message',
    connectionFailed: 'Could not connect to the SMTP server',
  },
  idempotency: {
    malformed: 'Invalid Idempotency-Key header: a UUID is expected, optionally followed by ":step"',
    mismatch: 'This Idempotency-Key was already used for another request',
    inProgress: 'A request with this Idempotency-Key is already in progress',
  },
  image: {
    type: 'Only JPEG, PNG and WebP images are accepted',
    size: 'Each image must not exceed 5 MB',
    missing: 'Please choose an image',
    unreadable: 'The image is unreadable or damaged',
    tooManyPixels: 'The image is too large (40 megapixels at most)',
  },
  document: {
    type: 'Accepted formats: PDF, images, videos, Word documents, text files',
    size: 'Each document must not exceed 50 MB',
    missing: 'Please choose at least one document',
  },
  technical: {
    missingFile: 'Please choose a file',
    missingTitle: 'Please enter a title',
    size: 'The file must not exceed 50 MB',
    type: 'File type not supported. Accepted formats: PDF, images (JPEG, PNG, WebP), videos (MP4, WebM, OGG)',
    notFound: 'Document not found',
  },
  apiToken: {
    name: 'The name is required',
    access: 'Invalid access: read-only, full or custom',
    permissions: 'Invalid permissions: at least one resource, for read and/or write',
    permissionsOnlyCustom: 'Permissions are given to a custom token only',
    lifetime: 'Invalid lifetime: 7, 30, 90 or null',
    notFound: 'API token not found',
    expired: 'API token expired',
    revoked: 'API token revoked or unknown',
    forbidden: 'This API token does not grant access to this resource',
    neverWithToken: 'This route does not accept API tokens',
  },
  webhook: {
    url: 'Invalid URL: http:// or https://, no credentials, at most 2048 characters',
    events: 'Invalid events: at least one of the known events, or "*"',
    notFound: 'Webhook not found',
    deliveryNotFound: 'Delivery not found',
    target: 'Address refused: a webhook may target neither this machine nor a private, local or metadata network',
    unresolved: 'Address not found: the name does not resolve',
  },
};

/** The shared schemas' other texts, by their French text. */
export const schemaMessagesEn: Record<string, string> = {
  'Langue invalide': 'Invalid language',
  'Page invalide': 'Invalid page',
  'Statut invalide': 'Invalid status',
  'Format invalide': 'Invalid format',
  "Type d'usage invalide": 'Invalid usage type',
  'Identifiant invalide': 'Invalid identifier',
  'La version modifiée est requise': 'The version being edited is required',
  [STALE_VERSION_MESSAGE]: 'The listing was changed in the meantime. Reload it before saving.',
  [PATCH_NOTHING_MESSAGE]: 'Give at least one field to change',
  'La taille de page doit être 10, 20, 50 ou 100': 'The page size must be 10, 20, 50 or 100',
  [INVALID_EMAIL_MESSAGE]: 'Please enter a valid e-mail address.',
  [SEND_MESSAGE]: 'Please fill in the subject and the content of the message',
};
