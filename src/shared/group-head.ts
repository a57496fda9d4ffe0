/**
 * A category's or collection's head (shared/page-head.ts says what a head is): made by one function
 * for the page drawn on the server (its route's handle.head, src/web/features/catalog/group-screen.tsx)
 * and the page sent undrawn (src/server/web/web.routes.ts). A module of its own, not beside the
 * product's head: in the browser each is then in its own route's chunk, where one module shared by
 * both routes would be a chunk of its own, whose name home's first download would carry.
 */
import type { Collection } from './catalog.ts';
import type { PageHead } from './page-head.ts';
import { pageTitle } from './page-titles.ts';
import type { GroupKind } from './routes.ts';

/** What a category's or collection's head is made from (a category has no poster). */
export type HeadGroup = Pick<Collection, 'name' | 'description'> & { poster?: string | null };

/** A missing group's title, as its screen says it (src/web/features/catalog/group-screen.tsx). */
export const GROUP_NOT_FOUND: Record<GroupKind, string> = { category: 'Category not found', collection: 'Collection not found' };

/** A category's or collection's head; null is a group not found (a 404), whose head says the shop's own description. */
export function groupHead(kind: GroupKind, g: HeadGroup | null, shopDescriptionText: string): PageHead {
  if (!g) return { title: pageTitle(GROUP_NOT_FOUND[kind]), description: shopDescriptionText };
  return { title: pageTitle(g.name), description: g.description ?? `${g.name}: sarees and clothing from Vastra.`, image: g.poster ?? null };
}
