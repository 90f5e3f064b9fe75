export * from './identity';
export * from './mail';
export * from './system';
