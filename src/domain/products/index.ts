export * from './categoryFields.ts';
export * from './categoryAttributes.ts';
export * from './categoryTree.ts';
export * from './productLock.ts';
