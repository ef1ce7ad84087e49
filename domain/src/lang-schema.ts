// The schema of the one Lang type, apart from lang.ts so that importing the type and its values
// never brings zod into a first load (the admin's budget).
import { z } from 'zod';
import { LANGS } from './lang.ts';

export const LangSchema = z.enum(LANGS, { error: 'Langue invalide' });
