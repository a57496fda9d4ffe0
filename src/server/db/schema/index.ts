export * from './catalog.ts';
export * from './meta.ts';
