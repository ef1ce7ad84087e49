// The API's own messages in the spec's French (the texts the spec names, verbatim): the routes answer
// with them, and the English dictionary (i18n/messages-en.ts) translates them by their French text.
// Messages of the shared schemas live beside their schema (products.ts, mail.ts, auth.ts...).

export const authMessages = {
  noToken: 'Non authentifié',
  expired: 'Session expirée',
  notAdmin: 'Accès réservé aux administrateurs',
  mustChangePassword: 'Vous devez changer votre mot de passe avant de continuer',
  crossSite: 'Requête intersite refusée',
} as const;

export const authRouteMessages = {
  loginFailed: 'Email ou mot de passe incorrect',
  tooManyAttempts: 'Trop de tentatives de connexion. Veuillez réessayer plus tard.',
  noRefreshToken: 'Aucun refresh token disponible',
  refreshFailed: 'Impossible de renouveler la session',
  extendFailed: "Impossible d'étendre la session",
} as const;

/** Failures any route can answer: parsing, sizes, rates, unknown paths. */
export const requestMessages = {
  required: 'Champ obligatoire',
  invalid: 'Valeur invalide',
  request: 'Requête invalide',
  json: 'JSON invalide',
  textTooLong: '{name}: {max} caractères au maximum par texte',
  tooManyTexts: '{name}: {max} textes au maximum, un par fichier',
  boolean: 'Booléen attendu',
  tooLarge: 'Requête trop volumineuse',
  fileTooLarge: 'Fichier trop volumineux',
  messageTooLong: 'Message trop long',
  tooManyRequests: 'Trop de requêtes. Veuillez réessayer plus tard.',
  multipartExpected: 'Requête multipart attendue',
  multipartInvalid: 'Requête multipart invalide',
  multipartInterrupted: 'Requête multipart invalide ou envoi interrompu',
  altTooLong: '300 caractères au maximum',
  notFound: 'Ressource introuvable',
  methodNotAllowed: 'Méthode non autorisée pour cette ressource',
  internal: 'Erreur interne du serveur',
} as const;

/** A 404 for each kind of record. */
export const notFoundMessages = {
  product: 'Annonce introuvable',
  image: 'Image introuvable',
  document: 'Document introuvable',
  file: 'Fichier introuvable',
  smtpAccount: 'Compte SMTP introuvable',
  smtpSetting: 'Aucun paramètre pour cet usage',
  inquiry: 'Message introuvable',
  response: 'Réponse introuvable',
  subscriber: 'Abonné introuvable',
  sending: 'Envoi introuvable',
} as const;

/** Mail: sending replies and newsletters, testing SMTP accounts. */
export const mailMessages = {
  noActiveAccount: 'Aucun compte SMTP actif',
  accountDisabled: 'Ce compte SMTP est désactivé',
  noActiveSubscriber: 'Aucun abonné actif',
  linkInvalid: 'Lien invalide ou expiré',
  tooManyTests: 'Trop de tests de connexion. Veuillez patienter une minute.',
  sendFailed: "Erreur lors de l'envoi : {reason}",
  testPassed: 'Le serveur SMTP est correctement configuré',
  authRefused: 'Authentification refusée par le serveur SMTP',
  recipientRefused: 'Adresse de destination refusée par le serveur SMTP',
  messageRefused: 'Message refusé par le serveur SMTP',
  connectionFailed: 'Connexion au serveur SMTP impossible',
} as const;
