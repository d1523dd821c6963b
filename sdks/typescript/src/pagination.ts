// Cursor pages (GET /api/emails, /api/suppressions, /api/templates, /api/audit): each page has `next_cursor`,
// null on the last one. A Paginator is an async iterable of the items of every page, fetched one
// page at a time as the loop goes on:
//
//   for await (const email of postage.emails.list({ status: 'bounced' })) { ... }
//   for await (const page of postage.emails.list().pages()) { ... }

/** A page: its items under some key, and the cursor of the next page. */
export interface CursorPage {
  next_cursor: string | null;
}

export class Paginator<Item, Page extends CursorPage> implements AsyncIterable<Item> {
  constructor(
    private readonly fetchPage: (cursor: string | undefined) => Promise<Page>,
    private readonly itemsOf: (page: Page) => Item[],
    private readonly firstCursor: string | undefined = undefined,
  ) {}

  /** Every page, from the first, following `next_cursor` until it is null. */
  async *pages(): AsyncGenerator<Page, void, undefined> {
    let cursor = this.firstCursor;
    const seen = new Set<string>();
    for (;;) {
      const page = await this.fetchPage(cursor);
      yield page;
      if (page.next_cursor === null || page.next_cursor === undefined || page.next_cursor === '') return;
      if (seen.has(page.next_cursor)) return; // a cursor seen before would loop forever
      seen.add(page.next_cursor);
      cursor = page.next_cursor;
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Item, void, undefined> {
    for await (const page of this.pages()) yield* this.itemsOf(page);
  }

  /** The items of every page in one array (at most `max` of them, when given). */
  async toArray(max = Number.POSITIVE_INFINITY): Promise<Item[]> {
    const items: Item[] = [];
    if (max <= 0) return items;
    for await (const item of this) {
      items.push(item);
      if (items.length >= max) break;
    }
    return items;
  }

  /** The first page only. */
  async firstPage(): Promise<Page> {
    return this.fetchPage(this.firstCursor);
  }
}
