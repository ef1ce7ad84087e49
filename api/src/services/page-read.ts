// What a search page reads, shared by the search query (catalogue-search.ts) and the card read it is given
// (catalogue-products.ts CARD_READ), so that neither imports the other's module for it.
import type { SQL } from 'drizzle-orm';

/**
 * What a search page reads: `columns` is the page's select list; `around` makes the statement the rows come
 * from out of the page's, given how to sort them again by the page's keys (selected as k0, k1… for that),
 * and selects `extra` too when given. `name` stands for both in the key its SQL is kept under.
 */
export type PageRead = { name: string; columns: SQL; around?: (page: SQL, order: (alias: string) => SQL, extra?: SQL) => SQL };
