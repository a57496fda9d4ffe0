/** The SQL console's API under /api/admin/sql, mounted behind the admin guard (admin.routes.ts). */
import { Hono } from 'hono';
import { sqlAuditQuery, sqlRunContract } from '../../../shared/sql-console.contract.ts';
import { requireShopper, type ShopperEnv } from '../../http/session.ts';
import { valid } from '../../http/validate.ts';
import type { SqlConsoleService } from './sql-console.service.ts';

export function sqlConsoleRoutes(sqlConsole: SqlConsoleService) {
  return new Hono<ShopperEnv>()
    .get('/admin/sql/schema', async (c) => c.json(await sqlConsole.schema()))
    // A POST: reading a sample writes an audit row, and nothing that writes answers a GET.
    .post('/admin/sql/sample/:table', async (c) => c.json(await sqlConsole.sample(c.req.param('table'), requireShopper(c))))
    .post('/admin/sql/run', valid('json', sqlRunContract), async (c) => c.json(await sqlConsole.run(c.req.valid('json'), requireShopper(c))))
    .get('/admin/sql/audit', valid('query', sqlAuditQuery), async (c) => c.json(await sqlConsole.audit(c.req.valid('query').before)));
}
