/**
 * One stock-label rule (issue 47): the label the database writes on a product (stock.queries.ts
 * `availabilitySql`) is the label src/shared/stock.ts's `availabilityOf` gives, at every edge of
 * its bands, for marks from the smallest to the largest the owner may set, on PGlite and
 * PostgreSQL; and a size's 'Only 2 left' follows the same rule.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOW_STOCK_MAX } from '../../../shared/pricing.ts';
import { sizeChoice } from '../../../shared/sizes.ts';
import { availabilityOf } from '../../../shared/stock.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { availabilitySql } from './stock.queries.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MARKS = [1, 2, 3, 10, LOW_STOCK_MAX];
/** Each band's edges at a mark, and either side of them. */
const countsAround = (mark: number) => [...new Set([-1, 0, 1, 2, mark - 1, mark, mark + 1, 99_999])];

describe('the stock label', () => {
  it('is the same in SQL and TypeScript at every edge, at every mark', async () => {
    for (const mark of MARKS) {
      const counts = countsAround(mark);
      const values = sql.join(counts.map((n) => sql`(${n}::int)`), sql`, `);
      const res = (await t.database.db.execute(sql`select n, ${availabilitySql(sql`n`, mark)} as label from (values ${values}) as c(n) order by n`)) as unknown as { rows: { n: number; label: string }[] };
      expect(res.rows.map((r) => [Number(r.n), r.label]), `mark ${mark}`).toEqual([...counts].sort((a, b) => a - b).map((n) => [n, availabilityOf(n, mark)]));
    }
  });

  it('says how many are left of a size exactly when the piece would be Only a few left', () => {
    for (const mark of MARKS) {
      for (const n of countsAround(mark)) {
        const choice = sizeChoice('M', n, mark);
        expect([choice.soldOut, choice.left !== null], `${n} at mark ${mark}`).toEqual([availabilityOf(n, mark) === 'Out of Stock', availabilityOf(n, mark) === 'Only a few left']);
      }
    }
  });
});
