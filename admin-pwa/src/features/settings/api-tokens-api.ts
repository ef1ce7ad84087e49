// API tokens against the API (issue 37): online only, never stored on this device. The value of a
// token comes back once, from creation or regeneration, and lives only in the dialog that shows it.
import type { ApiToken } from '@app/domain/api-tokens';
import { body, client } from '../../lib/client.ts';

const tokens = client.admin['api-tokens'];

/** What the create form sends, as the route's validator takes it. */
export type ApiTokenInput = Parameters<typeof tokens.$post>[0]['json'];

export async function listApiTokens(): Promise<ApiToken[]> {
  return (await body(tokens.$get())).tokens;
}

export const createApiToken = (input: ApiTokenInput) => body(tokens.$post({ json: input }));

export const regenerateApiToken = (id: number) => body(tokens[':id'].regenerate.$post({ param: { id: String(id) } }));

export async function revokeApiToken(id: number): Promise<void> {
  await tokens[':id'].$delete({ param: { id: String(id) } });
}
