import path from 'node:path';
import type { Config } from '../../config';
import { diskStorage } from './disk';
import { s3Storage } from './s3';
import type { Storage } from './storage';

export type { Storage } from './storage';

export const createStorage = (config: Config): Storage =>
  config.s3
    ? s3Storage(config.s3)
    : diskStorage(path.join(config.dataDir, 'uploads'), path.join(config.dataDir, 'private'));
