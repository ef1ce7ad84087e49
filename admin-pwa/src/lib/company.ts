// The company's details from the API (brand for the header and reply subjects), kept on the device
// so the installed app shows them offline too. The brand is configuration, never written in the admin.
import { useLiveQuery } from 'dexie-react-hooks';
import { body, client } from './client.ts';
import { getMeta, putMeta } from '../db/sync.ts';

type CompanyInfo = { brand: string };
const COMPANY = 'company';

export async function syncCompany(): Promise<void> {
  await putMeta(COMPANY, await body(client.company.$get()));
}

export const storedBrand = async () => (await getMeta<CompanyInfo>(COMPANY))?.brand;

/** The stored brand ('' until the first answer), re-rendered when it is stored. */
export const useBrand = () => useLiveQuery(storedBrand, []) ?? '';
