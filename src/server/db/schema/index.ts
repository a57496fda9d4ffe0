export * from './catalog.ts';
export * from './meta.ts';
export * from './accounts.ts';
export * from './mail.ts';
export * from './limits.ts';
export * from './shelf.ts';
export * from './orders.ts';
export * from './console.ts';
