/** The store owner every e2e server starts with (e2e/serve.ts), for the admin journeys. */
export const OWNER = { firstName: 'Lakshmi', email: 'owner@vastra.example', password: 'Owner@2026' } as const;
