// The one e-mail shape every form accepts, without zod so that browser islands can check it cheaply.
/** The spec's "simple {email} pattern": something, an @, something, a dot, something; no spaces. */
export const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
