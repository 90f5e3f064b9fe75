export * from './billing';
export * from './creators';
export * from './identity';
export * from './mail';
export * from './system';
export * from './media';
export * from './posts';
