import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..', '..');
export const serverEntry = path.join(root, 'apps', 'server', 'dist', 'main.js');
export const webDist = path.join(root, 'apps', 'web', 'dist');
